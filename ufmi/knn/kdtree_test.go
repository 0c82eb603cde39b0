package knn

import (
	"math"
	"slices"
	"testing"
)

func TestKNNSearchMatchesBruteForce(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ n, d, classes, levels int }{
		{600, 1, 2, 0}, {600, 3, 3, 0}, {500, 6, 2, 0}, {600, 2, 3, 4}, {400, 3, 2, 2}, {300, 1, 2, 1}, {400, 2, 2, -3},
	} {
		rows, y, x := knnTestData(t, uint64(c.n+c.d+c.levels), c.n, c.d, c.classes, c.levels)
		kd, err := newKNNData(x, y, Config{}, 0, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		// A subset of the rows, as RossMI uses when it drops classes.
		var subset []int
		for i := 0; i < c.n; i++ {
			if i%3 != 1 {
				subset = append(subset, i)
			}
		}
		for _, ids := range [][]int{nil, subset} {
			members := ids
			if members == nil {
				members = make([]int, c.n)
				for i := range members {
					members[i] = i
				}
			}
			tree := newKNNTree(kd, ids)
			for _, sameClass := range []bool{false, true} {
				s := newKNNSearch(tree, sameClass)
				for q := 0; q < c.n; q += 7 {
					var ds []float64 // neighbour distances of the mode
					for _, j := range members {
						joint, dx, dy := knnBruteJoint(rows, y, q, j)
						switch {
						case j == q:
						case !sameClass:
							ds = append(ds, joint)
						case dy == 0:
							ds = append(ds, dx)
						}
					}
					slices.Sort(ds)
					for _, k := range []int{1, 5, 40} {
						eps := s.run(kd.row(q), float64(y[q]), q, k)
						if eps != ds[k-1] {
							t.Fatalf("%+v subset %v sameClass %v: %d-th distance from row %d is %v, brute force %v",
								c, ids != nil, sameClass, k, q, eps, ds[k-1])
						}
						// Every radius up to eps+1e-15 must count exactly,
						// boundaries included.
						for _, r := range []float64{0, 1e-15, ds[0], eps, eps + 1e-15, math.Nextafter(eps, 0), eps - 1e-15} {
							if r < 0 {
								continue
							}
							wantX, wantJoint := 0, 0
							for _, j := range members {
								joint, dx, _ := knnBruteJoint(rows, y, q, j)
								if j != q && dx <= r {
									wantX++
								}
								if j != q && joint <= r {
									wantJoint++
								}
							}
							if got := s.countX(r); got != wantX {
								t.Fatalf("%+v subset %v sameClass %v k %d: row %d has %d points with dx <= %v, brute force %d",
									c, ids != nil, sameClass, k, q, got, r, wantX)
							}
							if got := s.countJoint(r); got != wantJoint {
								t.Fatalf("%+v subset %v sameClass %v k %d: row %d has %d points within %v, brute force %d",
									c, ids != nil, sameClass, k, q, got, r, wantJoint)
							}
						}
					}
				}
			}
		}
	}
}

// Splits must put every point of a child inside the child's box and keep
// leaves small unless their points coincide.
func TestKNNTreeStructure(t *testing.T) {
	t.Parallel()
	_, y, x := knnTestData(t, 3, 1000, 4, 2, 3)
	kd, err := newKNNData(x, y, Config{}, 0, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	tree := newKNNTree(kd, nil)
	seen := make([]bool, 1000)
	for _, id := range tree.ids {
		if seen[id] {
			t.Fatalf("row %d appears twice", id)
		}
		seen[id] = true
	}
	for node, nd := range tree.nodes {
		for p := nd.start; p < nd.end; p++ {
			for j, v := range tree.point(p) {
				if v < tree.boxLo[node*4+j] || v > tree.boxHi[node*4+j] {
					t.Fatalf("point %d outside the box of node %d", p, node)
				}
				if v != x.Column(j)[tree.ids[p]] {
					t.Fatalf("tree point %d does not hold row %d", p, tree.ids[p])
				}
			}
		}
		if nd.left < 0 && nd.end-nd.start > knnLeafSize && !slices.Equal(tree.boxLo[node*4:node*4+4], tree.boxHi[node*4:node*4+4]) {
			t.Fatalf("leaf %d holds %d distinct points", node, nd.end-nd.start)
		}
		if nd.left >= 0 && (tree.nodes[nd.left].start != nd.start || tree.nodes[nd.left].end != tree.nodes[nd.right].start || tree.nodes[nd.right].end != nd.end) {
			t.Fatalf("children of node %d do not tile it", node)
		}
	}
}
