package seeds

import "math/rand/v2"

// Purpose names what a stream is used for.
type Purpose int

// The purposes. Tree is the zero salt, so the trees of a forest fitted with
// seed s draw from the streams forests have always used.
const (
	Tree           Purpose = iota // tree i of a forest: its sample and its splits
	Pilot                         // tree i of a UF's screening pilot forest
	Data                          // simulated data set i
	EvalData                      // evaluation points drawn beside simulated data set i
	Fold                          // the assignment of rows to cross-validation folds
	FoldModel                     // the model fitted in fold i (its seed)
	Split                         // the train / held-out split of sample splitting
	Permutation                   // the label shuffle of permutation i
	PermutationFit                // the model refitted in permutation i (its seed)
	Repetition                    // repetition i of an experiment (its seed)
	Jitter                        // the tie-breaking noise of feature i (kNN)
	Subsample                     // a seeded subsample of rows (e.g. large CC18 datasets)
	Bound                         // part i of the lower bound's cross-fitted screening (its seed)
	Pairing                       // the tie-breaking order of the conditional test's pairs of rows
	PairSwap                      // the swaps within pairs of the conditional test's permutation i
	ScreeningNull                 // the label permutation i of the screening pilot's null importances
	LabelDraw                     // draw i of the labels sent through a UF's trees (UFConfig.LabelDraws)
	RestSwap                      // the tie-breaking order of a conditional MI's swapped rest
	purposes                      // the number of purposes
)

var names = [purposes]string{"tree", "pilot", "data", "eval-data", "fold", "fold-model", "split",
	"permutation", "permutation-fit", "repetition", "jitter", "subsample", "bound",
	"pairing", "pair-swap", "screening-null", "label-draw", "rest-swap"}

func (p Purpose) String() string {
	if p < 0 || p >= purposes {
		return "purpose(?)"
	}
	return names[p]
}

// salts separate the purposes: a stream's first PCG word is seed ^ salt.
// Tree's is 0 and Pilot's the constant pilot forests have always used.
var salts = [purposes]uint64{
	Tree:           0,
	Pilot:          0x5851F42D4C957F2D,
	Data:           0xD1B54A32D192ED03,
	EvalData:       0xAEF17502108EF2D9,
	Fold:           0xDB4F0B9175AE2165,
	FoldModel:      0x8CB92BA72F3D8DD7,
	Split:          0xF1357AEA2E62A9C5,
	Permutation:    0x94D049BB133111EB,
	PermutationFit: 0xBF58476D1CE4E5B9,
	Repetition:     0x2545F4914F6CDD1D,
	Jitter:         0x9FB21C651E98DF25,
	Subsample:      0xC2B2AE3D27D4EB4F,
	Bound:          0x165667B19E3779F9,
	Pairing:        0x3C6EF372FE94F82B,
	PairSwap:       0xA54FF53A5F1D36F1,
	ScreeningNull:  0x510E527FADE682D1,
	LabelDraw:      0x9B05688C2B3E6C1F,
	RestSwap:       0x1F83D9ABFB41BD6B,
}

// Stream returns the generator for work item index of the given purpose
// under seed. Index may be any int, including negative ones.
func Stream(seed uint64, p Purpose, index int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^salt(p), 0x9E3779B97F4A7C15^uint64(index+1)*0xBF58476D1CE4E5B9))
}

// Derive returns the seed of a nested computation: the seed that the model
// of fold i, the refit of permutation i or repetition i passes on.
func Derive(seed uint64, p Purpose, index int) uint64 {
	return Stream(seed, p, index).Uint64()
}

func salt(p Purpose) uint64 {
	if p < 0 || p >= purposes {
		panic("seeds: unknown purpose")
	}
	return salts[p]
}
