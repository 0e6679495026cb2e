-- Issue 12, item 11: a failed write to standard output exited 0.
print("this goes nowhere")
expect(true)
