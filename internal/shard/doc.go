// Package shard splits a computation into cells that any number of
// processes can compute apart and a merge can put together.
//
// A Cell is a unit of work with a stable key and a seed that depend only on
// the cell, never on the shard that runs it, so a result never depends on
// how the cells were split. A Spec picks shard I of N (the cells whose
// position is I modulo N), from a flag "I/N" or from the array index of a
// Slurm job array (SLURM_ARRAY_TASK_ID) or a Kubernetes Indexed Job
// (JOB_COMPLETION_INDEX). A Dir is a shared results folder holding one JSON
// file per finished cell, written to a temporary file and renamed into
// place: a process killed mid-cell leaves at most a stray temporary file,
// never a partial result, and running a cell twice writes the same bytes.
// Every file names its job (a fingerprint of the data and settings), so a
// folder cannot silently mix two jobs.
//
// Standard library only.
package shard
