// Package ufmi estimates class posteriors, conditional entropy and mutual
// information with honest random forests (Uncertainty Forests).
package ufmi
