// bench/peer_bullet_dbvt.cc — Bullet's btDbvt (the dynamic AABB tree of its
// btDbvtBroadphase), in single precision as Debian builds it: insert with the
// box grown by the 0.1 margin, update(leaf, volume, margin) (reinserts only
// when the new box leaves the leaf's), remove, optimizeTopDown, collideTV
// for box queries and rayTest for rays.
#include <BulletCollision/BroadphaseCollision/btDbvt.h>

#include <vector>

#include "bench_tree.h"

namespace {

const btScalar kMargin = btScalar(0.1);

btVector3 bt(col_vec3 v) { return btVector3(btScalar(v.x), btScalar(v.y), btScalar(v.z)); }

btDbvtVolume fat(const col_aabb *b) {
    btVector3 m(kMargin, kMargin, kMargin);
    return btDbvtVolume::FromMM(bt(b->min) - m, bt(b->max) + m);
}

struct Tree {
    btDbvt dbvt;
    std::vector<btDbvtNode *> leaf;
};

struct Count : btDbvt::ICollide {
    size_t n = 0;
    void Process(const btDbvtNode *) override { ++n; }
};

void *create(size_t n) {
    Tree *t = new Tree;
    t->leaf.resize(n);
    return t;
}
void destroy(void *p) { delete static_cast<Tree *>(p); }
void insert(void *p, size_t i, const col_aabb *b) {
    Tree *t = static_cast<Tree *>(p);
    t->leaf[i] = t->dbvt.insert(fat(b), nullptr);
}
void remove_leaf(void *p, size_t i) {
    Tree *t = static_cast<Tree *>(p);
    t->dbvt.remove(t->leaf[i]);
}
void move(void *p, size_t i, const col_aabb *b) {
    Tree *t = static_cast<Tree *>(p);
    btDbvtVolume v = btDbvtVolume::FromMM(bt(b->min), bt(b->max));
    t->dbvt.update(t->leaf[i], v, kMargin);
}
void rebuild(void *p) { static_cast<Tree *>(p)->dbvt.optimizeTopDown(); }
size_t query(void *p, const col_aabb *b) {
    Tree *t = static_cast<Tree *>(p);
    Count c;
    btDbvtVolume v = btDbvtVolume::FromMM(bt(b->min), bt(b->max));
    t->dbvt.collideTV(t->dbvt.m_root, v, c);
    return c.n;
}
size_t ray(void *p, const col_ray *r) {
    Tree *t = static_cast<Tree *>(p);
    Count c;
    btVector3 from = bt(r->origin), to = bt(col_v3_add(r->origin, col_v3_scale(r->delta, r->max_t)));
    btDbvt::rayTest(t->dbvt.m_root, from, to, c);
    return c.n;
}
int height(void *p) {
    Tree *t = static_cast<Tree *>(p);
    return t->dbvt.m_root ? t->dbvt.maxdepth(t->dbvt.m_root) - 1 : -1;
}

} // namespace

extern "C" const bench_tree_impl bench_tree_dbvt = {
    "Bullet btDbvt (float)", create, destroy, insert, remove_leaf, move, rebuild, query, ray, height, nullptr};
