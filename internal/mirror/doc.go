// Package mirror finds the local data mirror named by UFMI_MIRROR for tests
// and benchmark scripts. There is no fallback folder: without the variable,
// tests that need the mirror skip and say why.
package mirror
