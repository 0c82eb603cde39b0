package seeds

import "testing"

// Streams of different purposes, indices and seeds start differently: none
// of the first draws of 12 purposes × 50 indices × 20 seeds repeats.
func TestStreamsOfDifferentPurposesAndIndicesDiffer(t *testing.T) {
	t.Parallel()
	seen := map[[2]uint64]string{}
	for s := uint64(0); s < 20; s++ {
		for p := Purpose(0); p < purposes; p++ {
			for i := -1; i < 49; i++ {
				r := Stream(s, p, i)
				key := [2]uint64{r.Uint64(), r.Uint64()}
				id := p.String() + "/" + string(rune('0'+s%10))
				if prev, ok := seen[key]; ok {
					t.Fatalf("seed %d purpose %v index %d repeats the stream of %s", s, p, i, prev)
				}
				seen[key] = id
			}
		}
	}
}

// The same (seed, purpose, index) always gives the same stream.
func TestStreamIsAFunctionOfItsArguments(t *testing.T) {
	t.Parallel()
	for p := Purpose(0); p < purposes; p++ {
		a, b := Stream(7, p, 3), Stream(7, p, 3)
		for range 10 {
			if a.Uint64() != b.Uint64() {
				t.Fatalf("purpose %v: two streams of the same arguments differ", p)
			}
		}
	}
}

// A derived seed differs from its parent and between purposes, so nested
// streams do not fall back onto the parent's.
func TestDeriveSeparatesNestedSeeds(t *testing.T) {
	t.Parallel()
	seen := map[uint64]bool{}
	for s := uint64(1); s <= 10; s++ {
		seen[s] = true
	}
	for s := uint64(1); s <= 10; s++ {
		for p := Purpose(0); p < purposes; p++ {
			for i := range 20 {
				d := Derive(s, p, i)
				if seen[d] {
					t.Fatalf("Derive(%d, %v, %d) = %d repeats a seed", s, p, i, d)
				}
				seen[d] = true
			}
		}
	}
}

// Every purpose has a name and a salt of its own.
func TestPurposesHaveDistinctSalts(t *testing.T) {
	t.Parallel()
	salts := map[uint64]Purpose{}
	for p := Purpose(0); p < purposes; p++ {
		if p.String() == "purpose(?)" || p.String() == "" {
			t.Errorf("purpose %d has no name", int(p))
		}
		if q, ok := salts[salt(p)]; ok {
			t.Errorf("purposes %v and %v share a salt", p, q)
		}
		salts[salt(p)] = p
	}
}
