// Command dockerfile-check checks a Dockerfile without a Docker engine. It parses the file with
// BuildKit's own parser and instruction reader (the code `docker build` runs first), reports the
// warnings and lint findings those produce, and adds a few checks of its own that a build would
// otherwise catch late or never:
//
//   - every base image is pinned by a tag other than "latest" (or by a digest);
//   - the sources of COPY/ADD from the build context exist;
//   - CMD and ENTRYPOINT use the JSON (exec) form; ENV uses KEY=value; WORKDIR is absolute;
//   - no ARG or ENV name looks like a secret;
//   - the final stage exposes the expected port and has a CMD or ENTRYPOINT.
//
// With -runs it prints the shell command of every RUN step instead, each ending in a NUL byte,
// for scripts/test_dockerfile.sh.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/linter"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
)

var secretName = regexp.MustCompile(`(?i)(token|secret|passw|apikey|api_key|private_key)`)

func main() {
	file := flag.String("f", "Dockerfile", "Dockerfile to check")
	context := flag.String("context", ".", "build context folder (COPY sources are looked up there)")
	expose := flag.String("expose", "8888", "port the final stage must EXPOSE (empty: no check)")
	runs := flag.Bool("runs", false, "print each RUN step's shell command, NUL-terminated, and exit")
	flag.Parse()

	stages, problems, err := checkDockerfile(*file, *context, *expose)
	if err != nil {
		fmt.Fprintf(os.Stderr, "dockerfile-check: %s: %v\n", *file, err)
		os.Exit(1)
	}
	if *runs {
		for _, cmd := range runCommands(stages) {
			fmt.Print(cmd, "\x00")
		}
		return
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintf(os.Stderr, "%s: %s\n", *file, p)
		}
		fmt.Fprintf(os.Stderr, "dockerfile-check: %d problem(s)\n", len(problems))
		os.Exit(1)
	}
	last := stages[len(stages)-1]
	fmt.Printf("%s: ok (%d stage(s), base %s, %d RUN step(s))\n",
		*file, len(stages), last.BaseName, len(runCommands(stages)))
}

// checkDockerfile parses the Dockerfile and returns its stages and every problem found.
// The error is for a file that cannot be read or parsed at all.
func checkDockerfile(file, context, expose string) ([]instructions.Stage, []string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	parsed, err := parser.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	var problems []string
	for _, w := range parsed.Warnings {
		problems = append(problems, fmt.Sprintf("%sparser warning: %s", lineOf(w.Location), w.Short))
	}
	lint := linter.New(&linter.Config{
		Warn: func(rule, _, _, msg string, loc []parser.Range) {
			var at *parser.Range
			if len(loc) > 0 {
				at = &loc[0]
			}
			problems = append(problems, fmt.Sprintf("%slint %s: %s", lineOf(at), rule, msg))
		},
	})
	stages, metaArgs, err := instructions.Parse(parsed.AST, lint)
	if err != nil {
		return nil, nil, err
	}
	if len(stages) == 0 {
		return nil, nil, fmt.Errorf("no FROM: no build stage")
	}
	for _, arg := range metaArgs {
		problems = append(problems, checkArgNames(arg)...)
	}
	names := map[string]bool{}
	for _, st := range stages {
		problems = append(problems, checkStage(st, names, context)...)
		if st.Name != "" {
			names[strings.ToLower(st.Name)] = true
		}
	}
	problems = append(problems, checkFinalStage(stages[len(stages)-1], expose)...)
	return stages, problems, nil
}

func lineOf(r *parser.Range) string {
	if r == nil {
		return ""
	}
	return fmt.Sprintf("line %d: ", r.Start.Line)
}

// checkStage checks one stage's base image and instructions; earlier holds earlier stage names.
func checkStage(st instructions.Stage, earlier map[string]bool, context string) []string {
	var problems []string
	if !earlier[strings.ToLower(st.BaseName)] && !pinnedImage(st.BaseName) {
		problems = append(problems, fmt.Sprintf("base image %q is not pinned by a tag other than latest or a digest", st.BaseName))
	}
	for _, cmd := range st.Commands {
		at := ""
		if loc := cmd.Location(); len(loc) > 0 {
			at = lineOf(&loc[0])
		}
		switch c := cmd.(type) {
		case *instructions.CopyCommand:
			if c.From == "" {
				problems = append(problems, missingSources(c.SourcePaths, context, at)...)
			}
		case *instructions.AddCommand:
			problems = append(problems, missingSources(c.SourcePaths, context, at)...)
		case *instructions.CmdCommand:
			if c.PrependShell {
				problems = append(problems, at+"CMD in shell form: use the JSON form so signals reach the program")
			}
		case *instructions.EntrypointCommand:
			if c.PrependShell {
				problems = append(problems, at+"ENTRYPOINT in shell form: use the JSON form so signals reach the program")
			}
		case *instructions.EnvCommand:
			for _, kv := range c.Env {
				if kv.NoDelim {
					problems = append(problems, at+"ENV "+kv.Key+" without '=': use ENV KEY=value")
				}
				if secretName.MatchString(kv.Key) {
					problems = append(problems, at+"ENV "+kv.Key+" looks like a secret: pass it at run time instead")
				}
			}
		case *instructions.ArgCommand:
			problems = append(problems, prefixAll(at, checkArgNames(*c))...)
		case *instructions.WorkdirCommand:
			if !strings.HasPrefix(c.Path, "/") && !strings.HasPrefix(c.Path, "$") {
				problems = append(problems, at+"WORKDIR "+c.Path+" is relative: use an absolute path")
			}
		}
	}
	return problems
}

func checkArgNames(arg instructions.ArgCommand) []string {
	var problems []string
	for _, kv := range arg.Args {
		if secretName.MatchString(kv.Key) {
			problems = append(problems, "ARG "+kv.Key+" looks like a secret: use a build secret instead")
		}
	}
	return problems
}

func prefixAll(prefix string, lines []string) []string {
	for i := range lines {
		lines[i] = prefix + lines[i]
	}
	return lines
}

// checkFinalStage checks what the image needs to be started: the port and a command.
func checkFinalStage(st instructions.Stage, expose string) []string {
	var problems []string
	exposed, started := expose == "", false
	for _, cmd := range st.Commands {
		switch c := cmd.(type) {
		case *instructions.ExposeCommand:
			for _, p := range c.Ports {
				if strings.TrimSuffix(p, "/tcp") == expose {
					exposed = true
				}
			}
		case *instructions.CmdCommand, *instructions.EntrypointCommand:
			started = true
		}
	}
	if !exposed {
		problems = append(problems, "the final stage does not EXPOSE "+expose)
	}
	if !started {
		problems = append(problems, "the final stage has no CMD or ENTRYPOINT")
	}
	return problems
}

// pinnedImage reports whether an image reference carries a digest or a tag other than latest.
func pinnedImage(ref string) bool {
	if strings.Contains(ref, "@sha256:") {
		return true
	}
	if ref == "scratch" {
		return true
	}
	name := ref[strings.LastIndex(ref, "/")+1:]
	i := strings.LastIndex(name, ":")
	return i > 0 && i < len(name)-1 && name[i+1:] != "latest" && !strings.Contains(ref, "$")
}

// missingSources lists the COPY/ADD sources that match nothing in the build context.
func missingSources(sources []string, context, at string) []string {
	var problems []string
	for _, src := range sources {
		if strings.Contains(src, "://") || strings.HasPrefix(src, "git@") {
			continue
		}
		matches, err := filepath.Glob(filepath.Join(context, filepath.FromSlash(src)))
		if err != nil || len(matches) == 0 {
			problems = append(problems, fmt.Sprintf("%sCOPY/ADD source %q not found in the build context %s", at, src, context))
		}
	}
	return problems
}

// runCommands returns every RUN step's command line as the shell would get it.
func runCommands(stages []instructions.Stage) []string {
	var out []string
	for _, st := range stages {
		for _, cmd := range st.Commands {
			run, ok := cmd.(*instructions.RunCommand)
			if !ok {
				continue
			}
			if run.PrependShell {
				out = append(out, strings.Join(run.CmdLine, " "))
				continue
			}
			quoted := make([]string, len(run.CmdLine))
			for i, arg := range run.CmdLine {
				quoted[i] = "'" + strings.ReplaceAll(arg, "'", `'\''`) + "'"
			}
			out = append(out, strings.Join(quoted, " "))
		}
	}
	return out
}
