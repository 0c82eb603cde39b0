package knn

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mathext"
)

// RossMI estimates I(X;Y) in nats with Ross's (2014) nearest-neighbour
// estimator for continuous X and discrete Y, the estimator scikit-learn's
// mutual_info_classif applies to each feature (_compute_mi_cd), here applied
// to the whole feature vector under the max-norm. Rows of classes with a
// single row are dropped first, as scikit-learn does; N is the number of
// remaining rows. For each remaining row i of class c with N_c rows:
//
//	k_i = min(K, N_c - 1),
//	d_i = max-norm distance from x_i to its k_i-th nearest other row of class c,
//	m_i = #{j : ‖x_j - x_i‖ <= nextafter(d_i, 0)}, over all remaining rows,
//	      i itself included (scikit-learn's KDTree.query_radius count, that is
//	      distance strictly below d_i, or exactly 0 when d_i = 0),
//	RossMI = ψ(N) + mean_i [ψ(k_i) - ψ(N_c) - ψ(m_i)].
//
// Unlike scikit-learn, the estimate is raw (it can be negative) and no noise
// is added unless cfg.Jitter asks for it.
func RossMI(x Matrix, y []int, cfg Config, seed uint64, workers int) (float64, error) {
	kd, err := newKNNData(x, y, cfg, seed, workers, true)
	if err != nil {
		return 0, err
	}
	var kept []int
	for i, c := range y {
		if kd.counts[c] > 1 {
			kept = append(kept, i)
		}
	}
	if len(kept) == 0 {
		return 0, fmt.Errorf("ufmi: Ross estimate needs a class with at least two rows; every class has one")
	}
	sum, err := kd.perPoint(newKNNTree(kd, kept), true, func(i int, s *knnSearch) (float64, error) {
		c := kd.y[i]
		if kd.counts[c] < 2 {
			return 0, nil
		}
		k := min(kd.k, kd.counts[c]-1)
		radius := math.Nextafter(s.run(kd.row(i), kd.label(i), i, k), 0)
		m := 1 + s.countX(radius) // the row itself and the rows nearer than d_i
		return mathext.Digamma(float64(k)) - mathext.Digamma(float64(kd.counts[c])) - mathext.Digamma(float64(m)), nil
	})
	if err != nil {
		return 0, err
	}
	n := float64(len(kept))
	return mathext.Digamma(n) + sum/n, nil
}
