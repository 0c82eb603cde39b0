// Package testcheck holds the assertions the project's tests share.
package testcheck
