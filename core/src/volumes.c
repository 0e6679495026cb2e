/*
 * Bounding volumes from point sets (collide/volumes.h): the AABB, three
 * spheres (the AABB's centre, Ritter's, Welzl's minimum with move-to-front),
 * the OBB by principal components, and their merges. k-DOPs are in kdop.c.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide/hull.h"
#include "collide/volumes.h"
#include "geom.h"

/* n >= 1 points, each finite within COL_HUGE. */
static bool points_valid(const col_vec3 *p, size_t n) {
    if (!p || n == 0) return false;
    for (size_t i = 0; i < n; ++i)
        if (!col_v3_is_valid(p[i])) return false;
    return true;
}

/* The centre of a valid AABB (no overflow: both ends within COL_HUGE). */
static col_vec3 centre_of(const col_aabb *b) { return col_v3_scale(col_v3_add(b->min, b->max), COL_R(0.5)); }

bool col_aabb_from_points(const col_vec3 *points, size_t n, col_aabb *out) {
    if (!points_valid(points, n)) return false;
    *out = col__points_box(points, n);
    return true;
}

bool col_aabb_merge(const col_aabb *a, const col_aabb *b, col_aabb *out) {
    if (!col__valid_aabb(a) || !col__valid_aabb(b)) return false;
    const col_vec3 corners[4] = {a->min, a->max, b->min, b->max};
    *out = col__points_box(corners, 4);
    return true;
}

/* ---- spheres ---- */

/* A radius r grown past its rounding: the exact distance d of a point whose
 * rounded distance (col__len_safe of the rounded difference: a subtraction,
 * a division, three squares, two sums, a root and a product) is at most r
 * lies within r (1 + 8 eps), above the smallest normal (a difference that
 * underflows). */
static col_real grown(col_real r) { return r * (COL_R(1.0) + COL_R(8.0) * COL_EPSILON) + COL__REAL_MIN; }

/* The sphere centred at c holding every point exactly (the largest rounded
 * distance, at least r, grown by its rounding): false where the radius
 * passes COL_HUGE (points spread beyond it). */
static bool cover(const col_vec3 *p, size_t n, col_vec3 c, col_real r, col_sphere *out) {
    col_real m = r;
    for (size_t i = 0; i < n; ++i) {
        col_real d = col__len_safe(col_v3_sub(p[i], c));
        if (d > m) m = d;
    }
    m = grown(m);
    if (!(m <= COL_HUGE) || !col_v3_is_valid(c)) return false;
    out->c = c;
    out->r = m;
    return true;
}

/* The frame the sphere methods work in: at the points' AABB centre o,
 * scaled by 2^-e so that the points lie within [-1, 1] (a power of two:
 * the scaling rounds nothing; clouds of 1e-250 or 1e50 would underflow or
 * overflow the circumcentres' products of six coordinates, and do in float
 * beyond 2^21). */
typedef struct frame {
    col_vec3 o;
    int e;
    col_real down, up; /* 2^-e and 2^e where both are normal (then a product scales), else 0 (ldexp) */
} frame;

static frame frame_of(const col_aabb *b) {
    frame f = {centre_of(b), 0, COL_R(1.0), COL_R(1.0)};
    col_vec3 ext = col_v3_sub(b->max, b->min);
    double m = (double)(ext.x > ext.y ? (ext.x > ext.z ? ext.x : ext.z) : (ext.y > ext.z ? ext.y : ext.z));
    if (m > 0.0) (void)frexp(m, &f.e); /* m < 2^e */
    /* (the exponent range of col_real's normal numbers, with a margin) */
    int lo = sizeof(col_real) == sizeof(float) ? FLT_MIN_EXP : DBL_MIN_EXP,
        hi = sizeof(col_real) == sizeof(float) ? FLT_MAX_EXP : DBL_MAX_EXP;
    bool normal = f.e > lo + 1 && f.e < hi - 1;
    f.down = normal ? (col_real)ldexp(1.0, -f.e) : COL_R(0.0);
    f.up = normal ? (col_real)ldexp(1.0, f.e) : COL_R(0.0);
    return f;
}

/* x 2^e, exactly where no bit falls below the smallest normal: a product by
 * a power of two, or (beyond the exponents' range) ldexp */
static col_real scaled(col_real x, int e, col_real by) {
    return by != COL_R(0.0) ? x * by : (col_real)ldexp((double)x, e);
}

static col_vec3 to_frame(const frame *f, col_vec3 p) {
    col_vec3 d = col_v3_sub(p, f->o);
    return col_v3(scaled(d.x, -f->e, f->down), scaled(d.y, -f->e, f->down), scaled(d.z, -f->e, f->down));
}

static col_vec3 from_frame(const frame *f, col_vec3 c) {
    return col_v3_add(f->o, col_v3(scaled(c.x, f->e, f->up), scaled(c.y, f->e, f->up), scaled(c.z, f->e, f->up)));
}

/* Ritter 1990 (Ericson 4.3.2): the sphere on the segment between a point
 * far from the first and the point farthest from it, grown in order to
 * each point outside (the new sphere the smallest holding the old one and
 * the point: its centre moves toward the point by half the excess). Its
 * centre, in the frame. */
static col_vec3 ritter(const col_vec3 *p, size_t n, const frame *f) {
    col_vec3 p0 = to_frame(f, p[0]), y = p0, z = p0;
    col_real best = -COL_R(1.0);
    for (size_t i = 0; i < n; ++i) { /* the point farthest from the first (the first of equals) */
        col_vec3 q = to_frame(f, p[i]);
        col_real d = col_v3_len_sq(col_v3_sub(q, p0));
        if (d > best) best = d, y = q;
    }
    best = -COL_R(1.0);
    for (size_t i = 0; i < n; ++i) { /* and the point farthest from that */
        col_vec3 q = to_frame(f, p[i]);
        col_real d = col_v3_len_sq(col_v3_sub(q, y));
        if (d > best) best = d, z = q;
    }
    col_vec3 c = col_v3_scale(col_v3_add(y, z), COL_R(0.5));
    col_real r = COL_R(0.5) * col_v3_len(col_v3_sub(z, y));
    for (size_t i = 0; i < n; ++i) {
        col_vec3 q = to_frame(f, p[i]);
        col_real d = col_v3_len(col_v3_sub(q, c));
        if (d > r) {
            col_real nr = COL_R(0.5) * (r + d);
            c = col_v3_madd(c, (nr - r) / d, col_v3_sub(q, c));
            r = nr;
        }
    }
    return c;
}

/* ---- the minimum sphere: Welzl 1991 with Gärtner's move-to-front ---- */

/* A ball in the frame (frame_of): centre, squared radius
 * (negative: empty). */
typedef struct ball {
    col_vec3 c;
    col_real r2;
} ball;

/* The point lies in the ball, to rounding (a point on its sphere, rounded
 * off it, counts as in: the final cover holds every point exactly). */
static bool ball_holds(const ball *b, col_vec3 q) {
    return col_v3_len_sq(col_v3_sub(q, b->c)) <= b->r2 * (COL_R(1.0) + COL_R(64.0) * COL_EPSILON);
}

static ball ball_of(const col_vec3 *s, int k);

/* The smallest ball of the k - 1 point subsets of s (k = 3 or 4, points
 * that are collinear or coplanar to rounding, whose circumcentre is
 * ill-conditioned) holding all k points; none holds them: the largest. */
static ball ball_of_subsets(const col_vec3 *s, int k) {
    ball best = {col_v3(0, 0, 0), -COL_R(1.0)}, largest = best;
    for (int drop = 0; drop < k; ++drop) {
        col_vec3 sub[3];
        int m = 0;
        for (int i = 0; i < k; ++i)
            if (i != drop) sub[m++] = s[i];
        ball b = ball_of(sub, m);
        if (b.r2 > largest.r2) largest = b;
        if (ball_holds(&b, s[drop]) && (best.r2 < COL_R(0.0) || b.r2 < best.r2)) best = b;
    }
    return best.r2 >= COL_R(0.0) ? best : largest;
}

/* The smallest ball with the k <= 4 points on its boundary (their
 * circumsphere in their affine hull). */
static ball ball_of(const col_vec3 *s, int k) {
    ball b = {col_v3(0, 0, 0), -COL_R(1.0)};
    if (k == 0) return b;
    if (k == 1) {
        b.c = s[0];
        b.r2 = COL_R(0.0);
        return b;
    }
    if (k == 2) {
        b.c = col_v3_scale(col_v3_add(s[0], s[1]), COL_R(0.5));
        b.r2 = COL_R(0.25) * col_v3_len_sq(col_v3_sub(s[1], s[0]));
        return b;
    }
    col_vec3 u = col_v3_sub(s[1], s[0]), v = col_v3_sub(s[2], s[0]);
    col_real uu = col_v3_len_sq(u), vv = col_v3_len_sq(v);
    if (k == 3) {
        /* the circumcentre a + (|u|^2 v x w + |v|^2 w x u) / (2 |w|^2), w = u x v;
         * collinear to rounding (|w|^2 within 2^-20 of |u|^2 |v|^2): the subsets */
        col_vec3 w = col_v3_cross(u, v);
        col_real ww = col_v3_len_sq(w);
        /* (a thin triangle's circumcentre is accurate to eps / sin of its
         * angle: a sliver 5e-5 wide at the apex of 0.72 long sides, a
         * support set of a flat cloud, is fine; below sin 2^-30, the
         * subsets) */
        if (!(ww > COL_R(0x1p-60) * uu * vv)) return ball_of_subsets(s, 3);
        col_vec3 x = col_v3_scale(
            col_v3_add(col_v3_scale(col_v3_cross(v, w), uu), col_v3_scale(col_v3_cross(w, u), vv)), COL_R(0.5) / ww);
        b.c = col_v3_add(s[0], x);
        b.r2 = col_v3_len_sq(x);
        return b;
    }
    /* four: x solves 2 u . x = |u|^2, 2 v . x = |v|^2, 2 t . x = |t|^2 (Cramer);
     * coplanar to rounding (the volume within 2^-20 of |u| |v| |t|): the subsets */
    col_vec3 t = col_v3_sub(s[3], s[0]);
    col_real tt = col_v3_len_sq(t);
    col_vec3 vxt = col_v3_cross(v, t), txu = col_v3_cross(t, u), uxv = col_v3_cross(u, v);
    col_real det = col_v3_dot(u, vxt);
    if (!(det * det > COL_R(0x1p-60) * uu * vv * tt)) return ball_of_subsets(s, 4);
    col_vec3 x = col_v3_scale(
        col_v3_add(col_v3_add(col_v3_scale(vxt, uu), col_v3_scale(txu, vv)), col_v3_scale(uxv, tt)), COL_R(0.5) / det);
    b.c = col_v3_add(s[0], x);
    b.r2 = col_v3_len_sq(x);
    return b;
}

/* The points in the frame and their move-to-front list (doubly linked by
 * index; -1 ends it). */
typedef struct mtf {
    const col_vec3 *q;
    int *next, *prev;
    int head;
} mtf;

static void move_to_front(mtf *L, int i) {
    if (L->head == i) return;
    int p = L->prev[i], nx = L->next[i];
    L->next[p] = nx; /* i is not the head: it has a predecessor */
    if (nx >= 0) L->prev[nx] = p;
    L->prev[i] = -1;
    L->next[i] = L->head;
    L->prev[L->head] = i;
    L->head = i;
}

/* Gärtner's mb: the smallest ball of the points before `end` in the list
 * with the k support points s[0..k-1] on its boundary; a point outside the
 * ball so far joins the support (s[k]) for the points before it, and moves
 * to the front (the points that decide come first next time). Recursion at
 * most four deep. A copy of a support point (in_support) is on the
 * boundary, never outside: a nearly coplanar four's circumcentre rounds by
 * more than ball_holds' 64 eps, and a cloud with a point three times had a
 * copy of a support point found outside by 1e-10, then joining the support
 * beside its twin, whose ball of the three others left out a point already
 * held: 0.65% above the least ball (a fuzz finding, regressions/static/
 * minimum-sphere-of-a-cloud-with-a-point-three-times). */
static bool in_support(const col_vec3 *s, int k, col_vec3 q) {
    for (int j = 0; j < k; ++j)
        if (s[j].x == q.x && s[j].y == q.y && s[j].z == q.z) return true;
    return false;
}

static ball mtf_ball(mtf *L, int end, col_vec3 *s, int k) {
    ball b = ball_of(s, k);
    if (k == 4) return b;
    for (int i = L->head; i != end && i >= 0;) {
        int nx = L->next[i];
        if (b.r2 < COL_R(0.0) || (!ball_holds(&b, L->q[i]) && !in_support(s, k, L->q[i]))) {
            s[k] = L->q[i];
            b = mtf_ball(L, i, s, k + 1);
            move_to_front(L, i);
        }
        i = nx;
    }
    return b;
}

/* SplitMix64 (Steele, Lea and Flood 2014): the shuffle's fixed sequence. */
static unsigned long long splitmix(unsigned long long *state) {
    unsigned long long z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The centre of Welzl's minimum ball of the points, in the frame; false
 * where an allocation fails or n passes INT_MAX. */
static bool welzl(const col_vec3 *p, size_t n, const frame *f, col_vec3 *c) {
    if (n > (size_t)0x7fffffff) return false;
    col_vec3 *q = malloc(n * sizeof *q);
    int *next = malloc(n * sizeof *next), *prev = malloc(n * sizeof *prev);
    if (!q || !next || !prev) {
        free(q);
        free(next);
        free(prev);
        return false;
    }
    for (size_t i = 0; i < n; ++i) q[i] = to_frame(f, p[i]);
    /* shuffled (Fisher-Yates, fixed seed): expected linear time for any input order */
    unsigned long long state = 0x636f6c6c696465ULL; /* "collide" */
    for (size_t i = n - 1; i > 0; --i) {
        size_t j = (size_t)(splitmix(&state) % (unsigned long long)(i + 1));
        col_vec3 t = q[i];
        q[i] = q[j];
        q[j] = t;
    }
    for (size_t i = 0; i < n; ++i) {
        next[i] = i + 1 < n ? (int)(i + 1) : -1;
        prev[i] = (int)i - 1;
    }
    mtf L = {q, next, prev, 0};
    col_vec3 s[4];
    ball b = mtf_ball(&L, -1, s, 0);
    free(q);
    free(next);
    free(prev);
    *c = b.c;
    return true;
}

bool col_sphere_from_points(const col_vec3 *points, size_t n, col_sphere_method method, col_sphere *out) {
    if (!points_valid(points, n)) return false;
    col_aabb box = col__points_box(points, n);
    frame f = frame_of(&box);
    col_vec3 c = f.o;
    switch (method) {
    case COL_SPHERE_AABB_CENTRE: break;
    case COL_SPHERE_RITTER: c = from_frame(&f, ritter(points, n, &f)); break;
    case COL_SPHERE_MINIMUM: {
        /* Welzl's sphere, or the AABB-centred or Ritter's where rounding on
         * a nearly degenerate support set left Welzl's a few ulps larger
         * (the minimum is then never above the other two) */
        if (!welzl(points, n, &f, &c)) return false;
        col_sphere best, other;
        if (!cover(points, n, from_frame(&f, c), COL_R(0.0), &best)) return false;
        if (cover(points, n, f.o, COL_R(0.0), &other) && other.r < best.r) best = other;
        if (cover(points, n, from_frame(&f, ritter(points, n, &f)), COL_R(0.0), &other) && other.r < best.r)
            best = other;
        *out = best;
        return true;
    }
    default: return false;
    }
    /* the radius from the final centre's distances alone (the method's own
     * radius carries the frame's and the growth's rounding) */
    return cover(points, n, c, COL_R(0.0), out);
}

bool col_sphere_merge(const col_sphere *a, const col_sphere *b, col_sphere *out) {
    if (!col__valid_sphere(a) || !col__valid_sphere(b)) return false;
    col_vec3 ab = col_v3_sub(b->c, a->c);
    col_real d = col__len_safe(ab);
    col_vec3 c;
    if (d + b->r <= a->r) {
        c = a->c; /* a holds b */
    } else if (d + a->r <= b->r) {
        c = b->c;
    } else {
        /* the centre on the line, (d + ra + rb) / 2 from the far sides */
        col_real r = COL_R(0.5) * (d + a->r + b->r);
        c = col_v3_madd(a->c, (r - a->r) / d, ab);
    }
    /* each sphere held exactly: its centre's rounded distance plus its
     * radius, grown by the rounding */
    col_real r = col__len_safe(col_v3_sub(a->c, c)) + a->r, rb = col__len_safe(col_v3_sub(b->c, c)) + b->r;
    r = grown(grown(r > rb ? r : rb)); /* the distance's rounding, then the sum's */
    if (!(r <= COL_HUGE) || !col_v3_is_valid(c)) return false;
    out->c = c;
    out->r = r;
    return true;
}

/* ---- OBB by principal components ---- */

/* The symmetric 3x3 matrix a (row-major) diagonalized by the cyclic Jacobi
 * method (Ericson 4.4.3; Golub and Van Loan 8.4): a's diagonal its
 * eigenvalues, v's columns (v[row][col]) the eigenvectors. */
static void jacobi(col_real a[3][3], col_real v[3][3]) {
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) v[i][j] = i == j ? COL_R(1.0) : COL_R(0.0);
    for (int sweep = 0; sweep < 50; ++sweep) {
        col_real off = col_abs(a[0][1]) + col_abs(a[0][2]) + col_abs(a[1][2]);
        col_real diag = col_abs(a[0][0]) + col_abs(a[1][1]) + col_abs(a[2][2]);
        if (!(off > COL_EPSILON * COL_EPSILON * diag) || !(off > COL__REAL_MIN)) return;
        for (int p = 0; p < 2; ++p)
            for (int q = p + 1; q < 3; ++q) {
                if (a[p][q] == COL_R(0.0)) continue;
                /* the rotation zeroing a[p][q] (the smaller angle) */
                col_real theta = (a[q][q] - a[p][p]) / (COL_R(2.0) * a[p][q]);
                col_real t = COL_R(1.0) / (col_abs(theta) + col_sqrt(COL_R(1.0) + theta * theta));
                if (theta < COL_R(0.0)) t = -t;
                if (!(col_abs(theta) < COL_R(1e150))) t = COL_R(0.5) / theta; /* theta^2 would overflow */
                col_real c = COL_R(1.0) / col_sqrt(COL_R(1.0) + t * t), s = t * c;
                for (int k = 0; k < 3; ++k) { /* a = J^T a J */
                    col_real akp = a[k][p], akq = a[k][q];
                    a[k][p] = c * akp - s * akq;
                    a[k][q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; ++k) {
                    col_real apk = a[p][k], aqk = a[q][k];
                    a[p][k] = c * apk - s * aqk;
                    a[q][k] = s * apk + c * aqk;
                }
                for (int k = 0; k < 3; ++k) {
                    col_real vkp = v[k][p], vkq = v[k][q];
                    v[k][p] = c * vkp - s * vkq;
                    v[k][q] = s * vkp + c * vkq;
                }
            }
    }
}

/* u with its largest |component| positive (the first of equals), unit. */
static col_vec3 canonical(col_vec3 u) {
    col_real ax = col_abs(u.x), ay = col_abs(u.y), az = col_abs(u.z);
    col_real big = ax >= ay && ax >= az ? u.x : (ay >= az ? u.y : u.z);
    if (big < COL_R(0.0)) u = col_v3_neg(u);
    return col__unit_or(u, col_v3(1, 0, 0));
}

/* The box's axes from three candidates: by decreasing key (a stable order:
 * ties keep the candidates'), the first turned canonical, the second made
 * square to it and canonical, the third their cross product (right-handed,
 * orthonormal to rounding); a second axis along the first (degenerate) is
 * replaced by one across it (col__across). */
static void ordered_axes(const col_vec3 cand[3], const col_real key[3], col_vec3 u[3]) {
    int order[3] = {0, 1, 2};
    for (int i = 1; i < 3; ++i)
        for (int j = i; j > 0 && key[order[j]] > key[order[j - 1]]; --j) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    col_vec3 t1, t2;
    u[0] = canonical(cand[order[0]]);
    col__across(u[0], &t1, &t2);
    col_vec3 u1 = col_v3_madd(cand[order[1]], -col_v3_dot(cand[order[1]], u[0]), u[0]);
    u[1] = canonical(col__unit_or(u1, t1));
    u[2] = col__unit_or(col_v3_cross(u[0], u[1]), t2);
}

/* The box with axes u holding every point exactly: centred on the middle
 * of the projections' spans, each half extent the largest rounded
 * |projection| from that centre plus its rounding bound (a subtraction and
 * a three-term dot product: 8 eps of the sum of the terms' magnitudes),
 * grown by its own rounding. false where an extent passes COL_HUGE. */
static bool box_around(const col_vec3 *p, size_t n, col_vec3 o, const col_vec3 u[3], col_obb *out) {
    col_real lo[3], hi[3];
    for (int k = 0; k < 3; ++k) lo[k] = COL_REAL_MAX, hi[k] = -COL_REAL_MAX;
    for (size_t i = 0; i < n; ++i) {
        col_vec3 d = col_v3_sub(p[i], o);
        for (int k = 0; k < 3; ++k) {
            col_real x = col_v3_dot(d, u[k]);
            lo[k] = x < lo[k] ? x : lo[k];
            hi[k] = x > hi[k] ? x : hi[k];
        }
    }
    col_vec3 c = o;
    for (int k = 0; k < 3; ++k) c = col_v3_madd(c, COL_R(0.5) * (lo[k] + hi[k]), u[k]);
    col_real e[3] = {COL_R(0.0), COL_R(0.0), COL_R(0.0)};
    for (size_t i = 0; i < n; ++i) {
        col_vec3 d = col_v3_sub(p[i], c);
        for (int k = 0; k < 3; ++k) {
            col_real x =
                col_abs(col_v3_dot(d, u[k])) +
                COL_R(8.0) * COL_EPSILON * (col_abs(d.x * u[k].x) + col_abs(d.y * u[k].y) + col_abs(d.z * u[k].z));
            e[k] = x > e[k] ? x : e[k];
        }
    }
    for (int k = 0; k < 3; ++k) {
        e[k] = grown(e[k]);
        if (!(e[k] <= COL_HUGE)) return false;
    }
    if (!col_v3_is_valid(c)) return false;
    out->c = c;
    out->e = col_v3(e[0], e[1], e[2]);
    for (int k = 0; k < 3; ++k) out->u[k] = u[k];
    return true;
}

static bool obb_minimum(const col_vec3 *points, size_t n, col_obb *out);

bool col_obb_from_points(const col_vec3 *points, size_t n, col_obb_method method, col_obb *out) {
    if (!points_valid(points, n) || (method != COL_OBB_PCA && method != COL_OBB_MINIMUM)) return false;
    if (method == COL_OBB_MINIMUM) return obb_minimum(points, n, out);
    col_aabb box = col__points_box(points, n);
    col_vec3 o = centre_of(&box);
    /* the mean, then the covariance about it (two passes), in the frame at o */
    col_vec3 m = col_v3(0, 0, 0);
    for (size_t i = 0; i < n; ++i) m = col_v3_add(m, col_v3_sub(points[i], o));
    m = col_v3_scale(m, COL_R(1.0) / (col_real)n);
    col_real a[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    /* scaled by the box's extent first: squares of coordinates up to 1e50
     * would overflow, tiny ones underflow */
    col_real scale = col__abs_max(col_v3_sub(box.max, box.min));
    col_real inv = scale > COL_R(0.0) ? COL_R(1.0) / scale : COL_R(1.0);
    for (size_t i = 0; i < n; ++i) {
        col_vec3 d = col_v3_scale(col_v3_sub(col_v3_sub(points[i], o), m), inv);
        const col_real x[3] = {d.x, d.y, d.z};
        for (int r = 0; r < 3; ++r)
            for (int s = r; s < 3; ++s) a[r][s] += x[r] * x[s];
    }
    for (int r = 0; r < 3; ++r)
        for (int s = 0; s < r; ++s) a[r][s] = a[s][r];
    col_real v[3][3];
    jacobi(a, v);
    /* the axes by decreasing eigenvalue */
    col_vec3 cand[3], u[3];
    col_real key[3];
    for (int k = 0; k < 3; ++k) {
        cand[k] = col_v3(v[0][k], v[1][k], v[2][k]);
        key[k] = a[k][k];
    }
    ordered_axes(cand, key, u);
    return box_around(points, n, o, u, out);
}

/* ---- OBB of least volume over the hull's directions ---- */

typedef col__p2 pt2;

static col_real dot2(pt2 a, pt2 b, col_real ux, col_real uy) { return (b.x - a.x) * ux + (b.y - a.y) * uy; }

/* The rectangle of least area around the convex polygon h (m vertices,
 * counter-clockwise) with a side along one of its edges (Freeman and
 * Shapira 1975: the least one has), by rotating calipers (Toussaint 1983):
 * the direction (ux, uy) of that side; its area returned (0 for a polygon
 * of one or two points, along their line). */
static col_real min_rectangle(const pt2 *h, int m, col_real *ux, col_real *uy) {
    *ux = COL_R(1.0);
    *uy = COL_R(0.0);
    if (m < 2) return COL_R(0.0);
    if (m == 2) {
        col_real dx = h[1].x - h[0].x, dy = h[1].y - h[0].y, len = col_sqrt(dx * dx + dy * dy);
        if (len > COL_R(0.0)) *ux = dx / len, *uy = dy / len;
        return COL_R(0.0);
    }
    col_real best = COL_REAL_MAX;
    int r = 0, t = 0, l = 0;
    for (int i = 0; i < m; ++i) {
        pt2 a = h[i], b = h[(i + 1) % m];
        col_real dx = b.x - a.x, dy = b.y - a.y, len = col_sqrt(dx * dx + dy * dy);
        if (!(len > COL_R(0.0))) continue;
        col_real cx = dx / len, cy = dy / len; /* the side; (-cy, cx) points into the polygon */
        if (i == 0) r = 1;
        /* each caliper advances while the next vertex is farther (at most
         * once around: rounding cannot loop it) */
        for (int k = 0; k < m && dot2(h[r], h[(r + 1) % m], cx, cy) > COL_R(0.0); ++k) r = (r + 1) % m;
        if (i == 0) t = r;
        for (int k = 0; k < m && dot2(h[t], h[(t + 1) % m], -cy, cx) > COL_R(0.0); ++k) t = (t + 1) % m;
        if (i == 0) l = t;
        for (int k = 0; k < m && dot2(h[l], h[(l + 1) % m], cx, cy) < COL_R(0.0); ++k) l = (l + 1) % m;
        col_real width = dot2(h[l], h[r], cx, cy), height = dot2(a, h[t], -cy, cx), area = width * height;
        if (area < best) {
            best = area;
            *ux = cx;
            *uy = cy;
        }
    }
    return best == COL_REAL_MAX ? COL_R(0.0) : best;
}

/* The extents' product of the frame u over the points q (relative to o),
 * and the half extents; the sum of the extents breaks ties between flat
 * boxes (volume 0). */
static void frame_size(const col_vec3 *q, int n, const col_vec3 u[3], col_real e[3], col_real *volume,
                       col_real *girth) {
    for (int k = 0; k < 3; ++k) {
        col_real lo = COL_REAL_MAX, hi = -COL_REAL_MAX;
        for (int i = 0; i < n; ++i) {
            col_real x = col_v3_dot(q[i], u[k]);
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        }
        e[k] = COL_R(0.5) * (hi - lo);
    }
    *volume = e[0] * e[1] * e[2];
    *girth = e[0] + e[1] + e[2];
}

/* Candidate first axes: the faces' normals (larger faces first), then the
 * edges' directions (longer first), each edge once. */
typedef struct axis_candidate {
    col_vec3 axis;
    col_real weight;
    int index;
} axis_candidate;

static int candidate_order(const void *pa, const void *pb) {
    const axis_candidate *a = pa, *b = pb;
    if (a->weight != b->weight) return a->weight > b->weight ? -1 : 1;
    return a->index < b->index ? -1 : (a->index > b->index);
}

/* How many vertex projections the search may spend (candidates times hull
 * vertices): a hull of up to 4096 vertices tries every candidate. */
#define OBB_SEARCH_BUDGET (1 << 24)

static bool obb_minimum(const col_vec3 *points, size_t n, col_obb *out) {
    col_obb pca;
    if (!col_obb_from_points(points, n, COL_OBB_PCA, &pca)) return false;
    col_hull h;
    if (!col_hull_build(points, n, &h)) return false;
    if (h.dimension < 2) { /* a point or a segment: PCA's box has no volume and its least girth */
        col_hull_free(&h);
        *out = pca;
        return true;
    }
    int nv = h.vertex_count, nc = 0;
    col_aabb box = col__points_box(h.vertices, (size_t)nv);
    col_vec3 o = centre_of(&box);
    col_vec3 *q = malloc((size_t)nv * sizeof *q);
    pt2 *p2 = malloc((size_t)nv * sizeof *p2), *h2 = malloc((2 * (size_t)nv + 1) * sizeof *h2);
    axis_candidate *cand = malloc(((size_t)h.face_count + (size_t)h.edge_count) * sizeof *cand);
    bool ok = q && p2 && h2 && cand;
    if (ok) {
        for (int i = 0; i < nv; ++i) q[i] = col_v3_sub(h.vertices[i], o);
        for (int f = 0; f < h.face_count; ++f) {
            /* a face's weight: its area (twice: the fan's cross products) */
            col_vec3 sum = col_v3(0, 0, 0);
            int e0 = h.faces[f].edge, e = e0, first = h.edges[e0].origin;
            for (int k = 0; k < nv && h.edges[e].next != e0; ++k) {
                int a = h.edges[e].origin, b = h.edges[h.edges[e].next].origin;
                sum = col_v3_add(sum, col_v3_cross(col_v3_sub(q[a], q[first]), col_v3_sub(q[b], q[first])));
                e = h.edges[e].next;
            }
            axis_candidate c = {h.faces[f].plane.n, col_v3_len(sum), nc};
            cand[nc++] = c;
        }
        int faces = nc;
        for (int e = 0; e < h.edge_count && h.dimension == 3; ++e) {
            int t = h.edges[e].twin;
            if (t < e) continue;
            col_vec3 d = col_v3_sub(h.vertices[h.edges[t].origin], h.vertices[h.edges[e].origin]);
            axis_candidate c = {col__unit_or(d, col_v3(1, 0, 0)), col_v3_len(d), nc};
            cand[nc++] = c;
        }
        qsort(cand, (size_t)faces, sizeof *cand, candidate_order);
        qsort(cand + faces, (size_t)(nc - faces), sizeof *cand, candidate_order);
        int budget = OBB_SEARCH_BUDGET / nv;
        if (budget < 16) budget = 16;
        if (nc > budget) nc = budget; /* the largest faces first, then the longest edges */
    }
    col_vec3 best[3] = {pca.u[0], pca.u[1], pca.u[2]};
    col_real be[3], best_volume = COL_REAL_MAX, best_girth = COL_REAL_MAX;
    if (ok) frame_size(q, nv, best, be, &best_volume, &best_girth);
    for (int c = 0; ok && c < nc; ++c) {
        /* the first axis, then the least rectangle of the points' shadow
         * across it */
        col_vec3 a = cand[c].axis, b, d;
        col__across(a, &b, &d);
        for (int i = 0; i < nv; ++i) p2[i] = (pt2){col_v3_dot(q[i], b), col_v3_dot(q[i], d)};
        int m = col__chain2d(p2, nv, h2);
        col_real ux, uy;
        (void)min_rectangle(h2, m, &ux, &uy);
        col_vec3 u[3];
        u[0] = a;
        u[1] = col__unit_or(col_v3_add(col_v3_scale(b, ux), col_v3_scale(d, uy)), b);
        u[2] = col__unit_or(col_v3_cross(u[0], u[1]), d);
        col_real e[3], volume, girth;
        frame_size(q, nv, u, e, &volume, &girth);
        if (volume < best_volume || (volume == best_volume && girth < best_girth)) {
            best_volume = volume;
            best_girth = girth;
            for (int k = 0; k < 3; ++k) best[k] = u[k], be[k] = e[k];
        }
    }
    free(q);
    free(p2);
    free(h2);
    free(cand);
    col_hull_free(&h);
    if (!ok) return false;
    col_vec3 u[3];
    ordered_axes(best, be, u); /* by decreasing extent */
    col_obb fit;
    if (!box_around(points, n, o, u, &fit)) return false;
    /* never above PCA's box, each fitted to every point the same way (the
     * volumes in double, as a caller computes them from the extents: in a
     * float build the rounded products could order the boxes otherwise) */
    double fv = (double)fit.e.x * (double)fit.e.y * (double)fit.e.z,
           pv = (double)pca.e.x * (double)pca.e.y * (double)pca.e.z;
    double fg = (double)fit.e.x + (double)fit.e.y + (double)fit.e.z,
           pg = (double)pca.e.x + (double)pca.e.y + (double)pca.e.z;
    *out = fv < pv || (fv == pv && fg <= pg) ? fit : pca;
    return true;
}

bool col_obb_merge(const col_obb *a, const col_obb *b, col_obb_method method, col_obb *out) {
    if (!a || !b || !out || !col_obb_is_valid(a) || !col_obb_is_valid(b)) return false;
    col_vec3 p[16];
    col_real grow = COL_R(0.0);
    const col_obb *box[2] = {a, b};
    for (int k = 0; k < 2; ++k) {
        /* each corner within 3 u M of the exact one per coordinate
         * (col__obb_corners), so within twice 4 eps M in any unit direction */
        col_real mag = col__obb_corners(box[k], p + 8 * k);
        col_real g = COL_R(8.0) * COL_EPSILON * mag;
        grow = g > grow ? g : grow;
    }
    col_obb m;
    if (!col_obb_from_points(p, 16, method, &m)) return false;
    m.e = col_v3_add(m.e, col_v3(grow, grow, grow));
    if (!col_obb_is_valid(&m)) return false;
    *out = m;
    return true;
}
