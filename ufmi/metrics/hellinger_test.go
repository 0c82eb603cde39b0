package metrics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/testcheck"
)

func TestHellingerKnownValues(t *testing.T) {
	t.Parallel()
	cases := []struct {
		p, q []float64
		want float64
	}{
		{[]float64{0.2, 0.8}, []float64{0.2, 0.8}, 0},
		{[]float64{1, 0}, []float64{0, 1}, 1},
		{[]float64{0.5, 0.5}, []float64{1, 0}, math.Sqrt(1 - math.Sqrt(0.5))},
		{[]float64{0.25, 0.25, 0.5}, []float64{0.5, 0.5, 0}, math.Sqrt(1 - 2*math.Sqrt(0.125))},
	}
	for _, c := range cases {
		testcheck.Close(t, "Hellinger", Hellinger(c.p, c.q), c.want, 1e-15)
	}
}

// For probability vectors H(p, q)² = 1 - Σ √(p q) (the Bhattacharyya form).
func TestHellingerMatchesBhattacharyyaForm(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(k int) []float64 {
		v, s := make([]float64, k), 0.0
		for i := range v {
			v[i] = rng.ExpFloat64()
			s += v[i]
		}
		for i := range v {
			v[i] /= s
		}
		return v
	}
	var ps, qs [][]float64
	sum := 0.0
	for range 50 {
		p, q := draw(4), draw(4)
		bc := 0.0
		for i := range p {
			bc += math.Sqrt(p[i] * q[i])
		}
		want := math.Sqrt(max(0, 1-bc))
		testcheck.Close(t, "Hellinger vs Bhattacharyya", Hellinger(p, q), want, 1e-7)
		testcheck.Close(t, "Hellinger symmetry", Hellinger(p, q), Hellinger(q, p), 1e-15)
		ps, qs = append(ps, p), append(qs, q)
		sum += want
	}
	mean, err := MeanHellinger(ps, qs)
	if err != nil {
		t.Fatal(err)
	}
	testcheck.Close(t, "MeanHellinger", mean, sum/50, 1e-7)
}

func TestHellingerErrors(t *testing.T) {
	t.Parallel()
	good := [][]float64{{0.5, 0.5}}
	cases := []struct {
		name string
		p, q [][]float64
		want string
	}{
		{"empty", nil, nil, "no posterior rows"},
		{"row counts", good, [][]float64{{0.5, 0.5}, {1, 0}}, "1 estimated posterior rows but 2"},
		{"row lengths", good, [][]float64{{0.2, 0.3, 0.5}}, "row 0 has 2 classes"},
		{"NaN", [][]float64{{math.NaN(), 1}}, good, "row 0, class 0 is NaN"},
		{"negative", good, [][]float64{{1.1, -0.1}}, "class 1 is -0.1"},
		{"infinite", good, [][]float64{{math.Inf(1), 0}}, "class 0 is +Inf"},
		{"not summing to 1", [][]float64{{5, 5}}, good, "posterior row 0 sums to 10, not 1"},
		{"a truth not summing to 1", good, [][]float64{{0.2, 0.3}}, "posterior row 0 sums to 0.5, not 1"},
	}
	for _, c := range cases {
		v, err := MeanHellinger(c.p, c.q)
		testcheck.Error(t, c.name, err, c.want)
		if !math.IsNaN(v) {
			t.Errorf("%s: value %v with an error, want NaN", c.name, v)
		}
	}
	testcheck.Panics(t, "lengths differ", func() { Hellinger([]float64{1}, []float64{0.5, 0.5}) })
}
