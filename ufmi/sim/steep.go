package sim

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// SteepSimulation is the paper's steep-posterior simulation: X ~ U[0, 1]^D
// and P(Y = 1 | x) = σ(α(x1 - ½)) · σ(α(x2 - ½)) with σ the logistic
// function; coordinates 3..D carry no information. Larger Alpha makes the
// posterior change more abruptly. The paper fits N = 5000 rows at D = 4.
type SteepSimulation struct {
	N, D  int
	Alpha float64
}

// Validate reports the first invalid parameter: N < 1, D < 2, or Alpha not
// positive and finite.
func (s SteepSimulation) Validate() error {
	if err := s.validateDistribution(); err != nil {
		return err
	}
	if s.N < 1 {
		return fmt.Errorf("ufmi: sample size N must be at least 1, got %d", s.N)
	}
	return nil
}

// validateDistribution checks D and Alpha, the parameters of the distribution.
func (s SteepSimulation) validateDistribution() error {
	if s.D < 2 {
		return fmt.Errorf("ufmi: dimension D must be at least 2, got %d", s.D)
	}
	if !(s.Alpha > 0) || math.IsInf(s.Alpha, 0) {
		return fmt.Errorf("ufmi: steepness Alpha must be positive and finite, got %v", s.Alpha)
	}
	return nil
}

// steepSigmoid is the logistic function 1 / (1 + exp(-t)).
func steepSigmoid(t float64) float64 { return 1 / (1 + math.Exp(-t)) }

// Posterior returns (P(Y = 0 | x), P(Y = 1 | x)); only x1 and x2 are read.
// It panics with a "ufmi: " message if Alpha is invalid or x has fewer than
// two coordinates; Posteriors returns errors instead.
func (s SteepSimulation) Posterior(x []float64) []float64 {
	if !(s.Alpha > 0) || math.IsInf(s.Alpha, 0) {
		panic(fmt.Sprintf("ufmi: steepness Alpha must be positive and finite, got %v", s.Alpha))
	}
	if len(x) < 2 {
		panic(fmt.Sprintf("ufmi: steep posterior needs at least 2 coordinates, got %d", len(x)))
	}
	p := steepSigmoid(s.Alpha*(x[0]-0.5)) * steepSigmoid(s.Alpha*(x[1]-0.5))
	return []float64{1 - p, p}
}

// Posteriors returns the exact posterior of every row of x.
func (s SteepSimulation) Posteriors(x [][]float64) ([][]float64, error) {
	if err := s.validateDistribution(); err != nil {
		return nil, err
	}
	return simPosteriorRows(x, 2, s.Posterior)
}

// Sample draws N rows uniformly on [0, 1]^D and each label from its exact
// posterior, from seed.
func (s SteepSimulation) Sample(seed uint64) (x [][]float64, y []int, err error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	rng := seeds.Stream(seed, seeds.Data, 0)
	x, y = make([][]float64, s.N), make([]int, s.N)
	for i := range x {
		row := make([]float64, s.D)
		for j := range row {
			row[j] = rng.Float64()
		}
		if rng.Float64() < s.Posterior(row)[1] {
			y[i] = 1
		}
		x[i] = row
	}
	return x, y, nil
}

// EvalGrid returns the paper's evaluation points: a gridSize × gridSize grid
// of linspace(0, 1, gridSize) on (x1, x2), repeated noiseDraws times, each
// point with its own fresh U[0, 1] draws of coordinates 3..D (from seed's
// evaluation-data stream, independent of Sample's stream for the same seed).
// Point r·gridSize² + i·gridSize + j has x1 = i/(gridSize-1) and
// x2 = j/(gridSize-1), so each block of gridSize² rows is one full grid.
// The reference used 50 and 4 (10,000 points); the paper 50 and 16.
func (s SteepSimulation) EvalGrid(gridSize, noiseDraws int, seed uint64) ([][]float64, error) {
	if err := s.validateDistribution(); err != nil {
		return nil, err
	}
	if gridSize < 2 {
		return nil, fmt.Errorf("ufmi: gridSize must be at least 2, got %d", gridSize)
	}
	if noiseDraws < 1 {
		return nil, fmt.Errorf("ufmi: noiseDraws must be at least 1, got %d", noiseDraws)
	}
	rng := seeds.Stream(seed, seeds.EvalData, 0)
	last := float64(gridSize - 1)
	points := make([][]float64, 0, noiseDraws*gridSize*gridSize)
	for range noiseDraws {
		for i := range gridSize {
			for j := range gridSize {
				row := make([]float64, s.D)
				row[0], row[1] = float64(i)/last, float64(j)/last
				for k := 2; k < s.D; k++ {
					row[k] = rng.Float64()
				}
				points = append(points, row)
			}
		}
	}
	return points, nil
}
