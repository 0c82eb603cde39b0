// Package seeds derives every random stream of ufmi from (seed, purpose,
// index), in one place.
//
// A stream is a PCG generator whose state is a function of the three values
// only: never of the goroutine or shard that runs the work, so results do
// not depend on the number of workers. Different purposes give independent
// streams even for the same seed and index: the data a simulation draws and
// the forest fitted on those data never share randomness. A nested stream
// (the trees of repetition r's forest) takes Derive(seed, Repetition, r)
// as its seed.
//
// No other arithmetic on seeds is allowed anywhere in the project.
package seeds
