// The convex hull (collide/hull.h). Each hull is checked by a certificate
// that proves it is the convex hull of its input, independently of how it
// was built: its vertices are input points; its half edges close up (twins
// paired, each face a loop); every face's vertices are exactly coplanar and
// every input point lies exactly on or below every face (so the hull holds
// the input, and being the hull of input points, is the input's hull);
// every vertex not on a face lies strictly below it and no three
// consecutive vertices of a face are collinear (so faces are merged and
// vertices are corners); Euler's V - E + F = 2; the computed planes hold
// every vertex to their stated rounding. Then hand-derived hulls (cube,
// cube with points on its faces, edges and inside, octahedron, prism),
// degenerate input (flat, collinear, one point, duplicates), clouds far from
// the origin, random clouds against the certificate, determinism, invalid
// input.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <set>
#include <vector>

#include "helpers.h"

extern "C" {
#include "exact.h"
}

using namespace ct;

namespace {

constexpr bool kFloat = sizeof(col_real) == sizeof(float);

struct Hull {
    col_hull h{};
    bool ok = false;
    explicit Hull(const std::vector<col_vec3> &p) { ok = col_hull_build(p.data(), p.size(), &h); }
    ~Hull() { col_hull_free(&h); }
    Hull(const Hull &) = delete;
    Hull &operator=(const Hull &) = delete;
};

std::vector<int> FaceLoop(const col_hull &h, int f) {
    std::vector<int> loop;
    int e = h.faces[f].edge;
    do {
        loop.push_back(h.edges[e].origin);
        e = h.edges[e].next;
    } while (e != h.faces[f].edge && static_cast<int>(loop.size()) <= h.edge_count);
    return loop;
}

bool Same(col_vec3 a, col_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

bool Collinear(col_vec3 a, col_vec3 b, col_vec3 c) {
    return col__orient2d(a, b, c, 0, 1) == 0 && col__orient2d(a, b, c, 1, 2) == 0 && col__orient2d(a, b, c, 2, 0) == 0;
}

// The certificate (see the file's comment). Returns a failure's description, or "".
std::string Certify(const col_hull &h, const std::vector<col_vec3> &in) {
    // vertices are input points, each once
    for (int v = 0; v < h.vertex_count; ++v) {
        bool found = false;
        for (const col_vec3 &p : in) found = found || Same(p, h.vertices[v]);
        if (!found) return "a vertex that is no input point";
        for (int w = 0; w < v; ++w)
            if (Same(h.vertices[w], h.vertices[v])) return "a vertex twice";
    }
    // half edges: twins, loops
    for (int e = 0; e < h.edge_count; ++e) {
        const col_hull_edge &E = h.edges[e];
        if (E.twin < 0 || E.twin >= h.edge_count || h.edges[E.twin].twin != e) return "twins not paired";
        if (E.next < 0 || E.next >= h.edge_count) return "next out of range";
        if (h.edges[E.twin].origin != h.edges[E.next].origin) return "a twin not reversed";
        if (E.face != (h.dimension >= 2 ? h.edges[E.next].face : -1)) return "a loop leaving its face";
    }
    if (h.dimension == 3 && h.vertex_count - h.edge_count / 2 + h.face_count != 2) return "Euler's formula fails";
    if (h.dimension == 2 && h.face_count != 2) return "a flat hull without two faces";
    std::vector<int> on_faces(static_cast<size_t>(h.vertex_count), 0);
    for (int f = 0; f < h.face_count; ++f) {
        std::vector<int> L = FaceLoop(h, f);
        int m = static_cast<int>(L.size());
        if (m < 3) return "a face of fewer than three vertices";
        for (int i = 0; i < m; ++i) {
            ++on_faces[static_cast<size_t>(L[static_cast<size_t>(i)])];
            if (Collinear(h.vertices[L[static_cast<size_t>((i + m - 1) % m)]], h.vertices[L[static_cast<size_t>(i)]],
                          h.vertices[L[static_cast<size_t>((i + 1) % m)]]))
                return "three collinear vertices on a face";
        }
        col_vec3 a = h.vertices[L[0]], b = h.vertices[L[1]], c = h.vertices[L[2]];
        const col_plane &pl = h.faces[f].plane;
        double nn = static_cast<double>(col_v3_dot(pl.n, pl.n));
        if (std::fabs(nn - 1) > (kFloat ? 1e-6 : 1e-14)) return "a plane normal not unit";
        double scale = 0;
        for (int v = 0; v < h.vertex_count; ++v) {
            scale = std::max(scale, std::fabs(static_cast<double>(h.vertices[v].x)));
            scale = std::max(scale, std::fabs(static_cast<double>(h.vertices[v].y)));
            scale = std::max(scale, std::fabs(static_cast<double>(h.vertices[v].z)));
        }
        double tol = 64 * static_cast<double>(COL_EPSILON) * scale;
        for (int v = 0; v < h.vertex_count; ++v) {
            bool in_face = false;
            for (int w : L) in_face = in_face || w == v;
            int s = col__orient3d(a, b, c, h.vertices[v]);
            if (in_face && s != 0) return "a face's vertices not coplanar";
            if (h.dimension == 3 && !in_face && s >= 0) return "a vertex not strictly below a face";
            if (static_cast<double>(col_v3_dot(pl.n, h.vertices[v]) - pl.d) > tol) return "a vertex above its plane";
        }
        if (h.dimension == 3)
            for (const col_vec3 &p : in)
                if (col__orient3d(a, b, c, p) > 0) return "an input point outside a face";
        if (h.dimension == 2) // every input point in the plane and within the polygon
            for (const col_vec3 &p : in) {
                if (col__orient3d(a, b, c, p) != 0) return "a flat hull's point off its plane";
                // inside each edge's side: the orientation about a, b, c's normal
                for (int i = 0; i < m; ++i) {
                    col_vec3 u = h.vertices[L[static_cast<size_t>(i)]],
                             w = h.vertices[L[static_cast<size_t>((i + 1) % m)]];
                    // a point above the face: u, w, p, above turns counter-clockwise for p inside
                    col_vec3 n = col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a));
                    col_vec3 above = col_v3_add(u, n);
                    if (col__orient3d(u, w, above, p) > 0 && f == 0) return "an input point outside the polygon";
                }
            }
    }
    if (h.dimension == 3)
        for (int v = 0; v < h.vertex_count; ++v)
            if (on_faces[static_cast<size_t>(v)] < 3) return "a vertex on fewer than three faces";
    return "";
}

std::vector<col_vec3> CubeCorners(double s, col_vec3 c = col_v3(0, 0, 0)) {
    std::vector<col_vec3> p;
    for (int i = 0; i < 8; ++i)
        p.push_back(col_v3(c.x + static_cast<col_real>((i & 1) ? s : -s), c.y + static_cast<col_real>((i & 2) ? s : -s),
                           c.z + static_cast<col_real>((i & 4) ? s : -s)));
    return p;
}

TEST(Hull, ACubesCornersGiveSixSquareFaces) {
    std::vector<col_vec3> p = CubeCorners(1);
    Hull H(p);
    ASSERT_TRUE(H.ok);
    EXPECT_EQ(H.h.dimension, 3);
    EXPECT_EQ(H.h.vertex_count, 8);
    EXPECT_EQ(H.h.face_count, 6);
    EXPECT_EQ(H.h.edge_count, 24);
    for (int f = 0; f < H.h.face_count; ++f) {
        EXPECT_EQ(col_hull_face_size(&H.h, f), 4);
        const col_plane &pl = H.h.faces[f].plane;
        // an axis normal, exactly, and d = 1
        EXPECT_EQ(std::fabs(static_cast<double>(pl.n.x)) + std::fabs(static_cast<double>(pl.n.y)) +
                      std::fabs(static_cast<double>(pl.n.z)),
                  1.0);
        EXPECT_EQ(static_cast<double>(pl.d), 1.0);
    }
    for (int v = 0; v < 8; ++v) EXPECT_TRUE(Same(H.h.vertices[v], p[static_cast<size_t>(v)])) << "input order";
    EXPECT_EQ(Certify(H.h, p), "");
}

TEST(Hull, PointsOnTheCubesFacesEdgesAndInsideAreNoVertices) {
    std::vector<col_vec3> p;
    // a 5 x 5 x 5 grid over [-1, 1]^3: every point of the boundary is on a
    // face, an edge or a corner; duplicates too
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            for (int k = 0; k < 5; ++k) p.push_back(col_v3(-1 + 0.5 * i, -1 + 0.5 * j, -1 + 0.5 * k));
    std::vector<col_vec3> twice = p;
    twice.insert(twice.end(), p.begin(), p.end());
    Hull H(twice);
    ASSERT_TRUE(H.ok);
    EXPECT_EQ(H.h.vertex_count, 8);
    EXPECT_EQ(H.h.face_count, 6);
    EXPECT_EQ(Certify(H.h, twice), "");
}

TEST(Hull, AnOctahedronAndATetrahedron) {
    std::vector<col_vec3> oct = {col_v3(1, 0, 0), col_v3(-1, 0, 0), col_v3(0, 1, 0), col_v3(0, -1, 0),
                                 col_v3(0, 0, 1), col_v3(0, 0, -1), col_v3(0, 0, 0)};
    Hull O(oct);
    ASSERT_TRUE(O.ok);
    EXPECT_EQ(O.h.vertex_count, 6);
    EXPECT_EQ(O.h.face_count, 8);
    EXPECT_EQ(Certify(O.h, oct), "");
    std::vector<col_vec3> tet = {col_v3(0, 0, 0), col_v3(1, 0, 0), col_v3(0, 1, 0), col_v3(0, 0, 1),
                                 col_v3(0.25, 0.25, 0.25)};
    Hull T(tet);
    ASSERT_TRUE(T.ok);
    EXPECT_EQ(T.h.vertex_count, 4);
    EXPECT_EQ(T.h.face_count, 4);
    EXPECT_EQ(Certify(T.h, tet), "");
}

TEST(Hull, APrismWithManyPointsOnItsCapsAndSides) {
    // a hexagonal prism; each side face a rectangle with points along its
    // edges; each cap a hexagon with points inside
    std::vector<col_vec3> p;
    const int sides = 6;
    for (int s = 0; s < sides; ++s) {
        double a = 2 * M_PI * s / sides;
        col_vec3 c = col_v3(std::cos(a), std::sin(a), 0);
        for (int k = 0; k <= 4; ++k) p.push_back(col_v3(c.x, c.y, static_cast<col_real>(0.25 * k)));
    }
    p.push_back(col_v3(0, 0, 0));
    p.push_back(col_v3(0, 0, 1));
    Hull H(p);
    ASSERT_TRUE(H.ok);
    EXPECT_EQ(H.h.vertex_count, 12);
    EXPECT_EQ(H.h.face_count, 8);
    EXPECT_EQ(Certify(H.h, p), "");
}

TEST(Hull, FlatInputGivesAPolygonTwice) {
    std::vector<col_vec3> p;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) p.push_back(col_v3(i, j, 2)); // a 4 x 4 grid in z = 2
    Hull H(p);
    ASSERT_TRUE(H.ok);
    EXPECT_EQ(H.h.dimension, 2);
    EXPECT_EQ(H.h.vertex_count, 4);
    EXPECT_EQ(H.h.face_count, 2);
    EXPECT_EQ(col_hull_face_size(&H.h, 0), 4);
    EXPECT_EQ(static_cast<double>(H.h.faces[0].plane.n.z), -static_cast<double>(H.h.faces[1].plane.n.z));
    EXPECT_EQ(std::fabs(static_cast<double>(H.h.faces[0].plane.n.z)), 1.0);
    EXPECT_EQ(Certify(H.h, p), "");
    // a tilted plane with dyadic coordinates: x + y + z = 1
    std::vector<col_vec3> q = {col_v3(1, 0, 0), col_v3(0, 1, 0), col_v3(0, 0, 1), col_v3(0.25, 0.25, 0.5),
                               col_v3(0.5, 0.5, 0)};
    Hull T(q);
    ASSERT_TRUE(T.ok);
    EXPECT_EQ(T.h.dimension, 2);
    EXPECT_EQ(T.h.vertex_count, 3);
    EXPECT_EQ(Certify(T.h, q), "");
}

TEST(Hull, CollinearAndRepeatedInput) {
    std::vector<col_vec3> line = {col_v3(1, 1, 1), col_v3(3, 3, 3), col_v3(-2, -2, -2), col_v3(0, 0, 0)};
    Hull L(line);
    ASSERT_TRUE(L.ok);
    EXPECT_EQ(L.h.dimension, 1);
    ASSERT_EQ(L.h.vertex_count, 2);
    EXPECT_TRUE(Same(L.h.vertices[0], line[1]));
    EXPECT_TRUE(Same(L.h.vertices[1], line[2]));
    EXPECT_EQ(L.h.edge_count, 2);
    EXPECT_EQ(L.h.face_count, 0);
    EXPECT_EQ(Certify(L.h, line), "");
    std::vector<col_vec3> one(5, col_v3(7, -3, 2));
    Hull P(one);
    ASSERT_TRUE(P.ok);
    EXPECT_EQ(P.h.dimension, 0);
    EXPECT_EQ(P.h.vertex_count, 1);
    EXPECT_EQ(P.h.edge_count, 0);
    col_polytope poly = col_hull_polytope(&P.h);
    EXPECT_EQ(poly.count, 1);
}

TEST(Hull, FarFromTheOriginAndTiny) {
    // a cube of side 2^-10 at 10^6 (2^-10 is a fraction the coordinates
    // hold exactly in double; in float 10^6 has an ulp of 1/16)
    double s = kFloat ? 0.5 : std::ldexp(1.0, -10);
    std::vector<col_vec3> p = CubeCorners(s, col_v3(1e6, -1e6, 1e6));
    p.push_back(col_v3(1e6, -1e6, 1e6)); // the centre
    Hull H(p);
    ASSERT_TRUE(H.ok);
    EXPECT_EQ(H.h.vertex_count, 8);
    EXPECT_EQ(H.h.face_count, 6);
    EXPECT_EQ(Certify(H.h, p), "");
    // a tetrahedron a few ulps thin: still a solid, exactly
    col_real one = 1;
    col_real up = std::nextafter(one, 2 * one);
    std::vector<col_vec3> thin = {col_v3(0, 0, 1), col_v3(1, 0, 1), col_v3(0, 1, 1), col_v3(0.25, 0.25, up)};
    Hull T(thin);
    ASSERT_TRUE(T.ok);
    EXPECT_EQ(T.h.dimension, 3);
    EXPECT_EQ(T.h.vertex_count, 4);
    EXPECT_EQ(Certify(T.h, thin), "");
}

TEST(Hull, RandomCloudsMeetTheCertificate) {
    std::mt19937 g(7);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int trial = 0; trial < 60; ++trial) {
        int n = 4 + trial * 7;
        std::vector<col_vec3> p;
        for (int i = 0; i < n; ++i) {
            col_vec3 q = col_v3(u(g), u(g), u(g));
            if (trial % 3 == 1) q = col__unit_or(q, col_v3(1, 0, 0)); // on a sphere: most are vertices
            if (trial % 3 == 2) q = col_v3(std::round(q.x * 4) / 4, std::round(q.y * 4) / 4, std::round(q.z * 4) / 4);
            p.push_back(q);
        }
        Hull H(p);
        ASSERT_TRUE(H.ok) << trial;
        ASSERT_EQ(Certify(H.h, p), "") << "trial " << trial;
    }
}

TEST(Hull, TheSameInputGivesTheSameBits) {
    std::mt19937 g(11);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<col_vec3> p;
    for (int i = 0; i < 500; ++i) p.push_back(col_v3(u(g), u(g), u(g)));
    Hull A(p), B(p);
    ASSERT_TRUE(A.ok && B.ok);
    ASSERT_EQ(A.h.vertex_count, B.h.vertex_count);
    ASSERT_EQ(A.h.edge_count, B.h.edge_count);
    ASSERT_EQ(A.h.face_count, B.h.face_count);
    EXPECT_EQ(std::memcmp(A.h.vertices, B.h.vertices, sizeof(col_vec3) * static_cast<size_t>(A.h.vertex_count)), 0);
    EXPECT_EQ(std::memcmp(A.h.edges, B.h.edges, sizeof(col_hull_edge) * static_cast<size_t>(A.h.edge_count)), 0);
    EXPECT_EQ(std::memcmp(A.h.faces, B.h.faces, sizeof(col_hull_face) * static_cast<size_t>(A.h.face_count)), 0);
}

TEST(Hull, TheHullsPolytopeAgreesWithThePointsPolytope) {
    std::mt19937 g(3);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<col_vec3> p;
    for (int i = 0; i < 200; ++i) p.push_back(col_v3(u(g), u(g), u(g)));
    Hull H(p);
    ASSERT_TRUE(H.ok);
    col_shape all = {};
    all.kind = COL_SHAPE_POLYTOPE;
    all.u.polytope.points = p.data();
    all.u.polytope.count = static_cast<int>(p.size());
    col_shape hull = {};
    hull.kind = COL_SHAPE_POLYTOPE;
    hull.u.polytope = col_hull_polytope(&H.h);
    for (int i = 0; i < 3; ++i) {
        col_vec3 d = col_v3(u(g), u(g), u(g));
        col_vec3 sa, sh;
        ASSERT_TRUE(col_support(&all, d, &sa) && col_support(&hull, d, &sh));
        EXPECT_EQ(col_v3_dot(sa, d), col_v3_dot(sh, d));
    }
}

// ---- the separating-axis test between hulls, against GJK and EPA ----

std::vector<col_vec3> Turned(const std::vector<col_vec3> &p, int axis, double angle, col_vec3 at) {
    std::vector<col_vec3> q;
    double c = std::cos(angle), s = std::sin(angle);
    for (col_vec3 v : p) {
        double x = static_cast<double>(v.x), y = static_cast<double>(v.y), z = static_cast<double>(v.z), t;
        if (axis == 2) t = c * x - s * y, y = s * x + c * y, x = t;
        if (axis == 1) t = c * x + s * z, z = -s * x + c * z, x = t;
        if (axis == 0) t = c * y - s * z, z = s * y + c * z, y = t;
        q.push_back(
            col_v3(x + static_cast<double>(at.x), y + static_cast<double>(at.y), z + static_cast<double>(at.z)));
    }
    return q;
}

col_shape PolytopeOf(const col_hull &h) {
    col_shape s = {};
    s.kind = COL_SHAPE_POLYTOPE;
    s.u.polytope = col_hull_polytope(&h);
    return s;
}

TEST(HullSat, TwoCubesApartAndOverlappingFaceToFace) {
    const double tol = kFloat ? 1e-5 : 1e-12;
    for (double gap : {0.5, 0.0, -0.25}) {
        Hull A(CubeCorners(1)), B(CubeCorners(1, col_v3(2 + gap, 0.5, -0.25)));
        col_hull_sat_result r;
        ASSERT_TRUE(col_hull_sat(&A.h, &B.h, &r));
        EXPECT_NEAR(static_cast<double>(r.separation), gap, tol) << gap;
        // from B toward A: -x; A's face x = 1 (ties: A's faces first)
        EXPECT_EQ(static_cast<double>(r.normal.x), -1.0);
        EXPECT_EQ(r.axis, COL_HULL_AXIS_FACE_A);
    }
}

TEST(HullSat, EdgeAgainstEdge) {
    // A: the cube turned 45 degrees about z (an edge along z at x = sqrt 2);
    // B: turned 45 degrees about y (an edge along y at its centre's x -
    // sqrt 2): only the edges' cross product (x) parts them by the gap
    const double r2 = std::sqrt(2.0), tol = kFloat ? 2e-5 : 1e-12;
    for (double gap : {0.3, -0.1}) {
        Hull A(Turned(CubeCorners(1), 2, M_PI / 4, col_v3(0, 0, 0)));
        Hull B(Turned(CubeCorners(1), 1, M_PI / 4, col_v3(2 * r2 + gap, 0.1, -0.2)));
        col_hull_sat_result r;
        ASSERT_TRUE(col_hull_sat(&A.h, &B.h, &r));
        EXPECT_EQ(r.axis, COL_HULL_AXIS_EDGES) << gap;
        EXPECT_NEAR(static_cast<double>(r.separation), gap, tol) << gap;
        EXPECT_NEAR(static_cast<double>(r.normal.x), -1.0, tol);
        col_shape a = PolytopeOf(A.h), b = PolytopeOf(B.h);
        if (gap > 0) {
            col_distance_result d = col_gjk_distance(&a, &b);
            EXPECT_NEAR(static_cast<double>(d.distance), gap, 1e-5);
        } else {
            col_penetration_result p = col_epa_penetration(&a, &b);
            EXPECT_NEAR(static_cast<double>(p.depth), -gap, 1e-5);
        }
    }
}

TEST(HullSat, AgreesWithGjkAndEpaOnRandomHulls) {
    std::mt19937 g(21);
    std::uniform_real_distribution<double> u(-1, 1);
    int edges = 0, faces = 0, apart = 0, overlapping = 0;
    for (int trial = 0; trial < 400; ++trial) {
        std::vector<col_vec3> pa, pb;
        col_vec3 off = col_v3(u(g) * 1.6, u(g) * 1.6, u(g) * 1.6);
        int na = 4 + trial % 9, nb = 4 + (trial / 9) % 9;
        for (int i = 0; i < na; ++i) pa.push_back(col_v3(u(g), u(g), u(g)));
        for (int i = 0; i < nb; ++i) pb.push_back(col_v3_add(off, col_v3(u(g), u(g), u(g))));
        Hull A(pa), B(pb);
        ASSERT_TRUE(A.ok && B.ok);
        col_hull_sat_result r;
        ASSERT_TRUE(col_hull_sat(&A.h, &B.h, &r));
        (r.axis == COL_HULL_AXIS_EDGES ? edges : faces)++;
        col_shape a = PolytopeOf(A.h), b = PolytopeOf(B.h);
        col_distance_result d = col_gjk_distance(&a, &b);
        const double band = kFloat ? 1e-4 : 1e-9;
        double sep = static_cast<double>(r.separation), dist = static_cast<double>(d.distance);
        if (dist > band) {
            ++apart;
            // apart: a positive gap, never more than the distance
            EXPECT_GT(sep, 0) << trial;
            EXPECT_LE(sep, dist + band) << trial;
        } else {
            col_penetration_result p = col_epa_penetration(&a, &b);
            if (p.status != COL_HIT) continue;
            ++overlapping;
            // overlapping: the depth is EPA's, the normal EPA's (both from B toward A)
            EXPECT_NEAR(-sep, static_cast<double>(p.depth), kFloat ? 1e-4 : 1e-7) << trial;
            if (p.depth > 1e-3) {
                EXPECT_GT(static_cast<double>(col_v3_dot(r.normal, p.normal)), 0.999) << trial;
            }
        }
    }
    EXPECT_GT(edges, 10);
    EXPECT_GT(faces, 10);
    EXPECT_GT(apart, 50);
    EXPECT_GT(overlapping, 50);
    std::printf("edges %d, faces %d, apart %d, overlapping %d\n", edges, faces, apart, overlapping);
}

TEST(HullSat, OnlySolidsAreTested) {
    Hull A(CubeCorners(1));
    std::vector<col_vec3> flat = {col_v3(0, 0, 0), col_v3(1, 0, 0), col_v3(0, 1, 0)};
    Hull F(flat);
    col_hull_sat_result r;
    EXPECT_FALSE(col_hull_sat(&A.h, &F.h, &r));
    EXPECT_FALSE(col_hull_sat(&F.h, &A.h, &r));
    EXPECT_FALSE(col_hull_sat(nullptr, &A.h, &r));
    EXPECT_EQ(r.feature_a, 0);
}

TEST(Hull, InvalidInputIsRefused) {
    col_hull h;
    std::vector<col_vec3> p = CubeCorners(1);
    EXPECT_FALSE(col_hull_build(nullptr, 3, &h));
    EXPECT_EQ(h.vertex_count, 0);
    EXPECT_FALSE(col_hull_build(p.data(), 0, &h));
    p[3].y = static_cast<col_real>(NAN);
    EXPECT_FALSE(col_hull_build(p.data(), p.size(), &h));
    p[3].y = static_cast<col_real>(INFINITY);
    EXPECT_FALSE(col_hull_build(p.data(), p.size(), &h));
    p[3].y = static_cast<col_real>(2 * COL_HUGE);
    EXPECT_FALSE(col_hull_build(p.data(), p.size(), &h));
    EXPECT_EQ(h.vertices, nullptr);
    col_hull_free(&h);
    col_hull_free(nullptr);
    EXPECT_EQ(col_hull_face_size(&h, 0), 0);
}

} // namespace
