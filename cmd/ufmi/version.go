package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// runVersion is "ufmi version" (also "ufmi -version"): the module version
// the binary was built from, or "devel" with the VCS revision when the
// build knows it.
func runVersion(args []string, stdout, stderr io.Writer) error {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintln(stderr, "usage of ufmi version: ufmi version (no flags): prints the version ufmi was built from")
		return errHelp
	}
	if len(args) > 0 {
		// As the other commands: a stray argument is a usage error (exit status 2).
		fmt.Fprintf(stderr, "usage: ufmi version (no arguments; found %s)\n", strings.Join(args, " "))
		return errUsage
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(stdout, "ufmi devel (no build information)")
		return nil
	}
	fmt.Fprintln(stdout, "ufmi "+versionText(info))
	return nil
}

// versionText is the version of the main module (a tag such as v1.2.0, or
// a pseudo-version naming the commit), or "devel" for a build outside
// version control stamping, followed by the VCS revision, its time and
// whether the work tree was modified, when the build recorded them, and
// the Go version.
func versionText(info *debug.BuildInfo) string {
	version := info.Main.Version
	if version == "" || version == "(devel)" {
		version = "devel"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var vcs []string
	if rev := settings["vcs.revision"]; rev != "" {
		vcs = append(vcs, "revision "+rev)
	}
	if t := settings["vcs.time"]; t != "" {
		vcs = append(vcs, t)
	}
	if settings["vcs.modified"] == "true" {
		vcs = append(vcs, "modified")
	}
	if len(vcs) > 0 {
		version += " (" + strings.Join(vcs, ", ") + ")"
	}
	return version + ", " + info.GoVersion
}
