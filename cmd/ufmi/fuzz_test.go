package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// fuzzSeeds are small CSV files, valid and not, that seed FuzzCLI.
var fuzzSeeds = []string{
	"x1,x2,label\n1,0.5,a\n2,0.1,a\n3,0.7,a\n4,0.2,a\n5,0.9,a\n6,0.3,a\n-1,0.4,b\n-2,0.8,b\n-3,0.6,b\n-4,0.0,b\n-5,0.2,b\n-6,0.5,b\n",
	"a, b, c, y\n1,2,3,0\n2,3,1,1\n3,1,2,2\n1,1,1,0\n2,2,2,1\n3,3,3,2\n1,3,2,0\n2,1,3,1\n3,2,1,2\n",
	"\"x, quoted\",y\n\"1.5\",p\n\" 2\",q\n3e2,p\n-4E-1,q\n0x10,p\n5,q\n",
	"x,y\n1,a\n1,a\n1,b\n1,b\n1,a\n1,b\n",
	"x,y\nNaN,a\nInf,b\n,a\n1,b\n",
	"x,x,y\n1,2,a\n2,1,b\n3,3,a\n4,4,b\n",
	"x,y\n1e308,a\n-1e308,b\n1.7e308,a\n-1.7e308,b\n5e-324,a\n0,b\n-0,a\n",
	"x,y\n",
	"",
	"x,y\n1,a,extra\n",
	"y\na\nb\na\nb\n",
	"x,y\n0,a\n0,a\n0,b\n0,b\n0,a\n0,b\n0,c\n",
	"x,y\n1,a\n2,b\n3,c\n4,d\n",
	"x,y\n1,a\n2,b\n",
	"x,z,y\n1e-300,0,1\n2e-300,0,2\n3e-300,1,1\n4e-300,1,2\n5e-300,0,1\n6e-300,1,2\n",
}

// FuzzCLI runs the CSV reader and every estimator of "ufmi mi", "ufmi
// table" and "ufmi posterior" on arbitrary file contents with small
// settings: the command must not panic, and must either print finite
// results or fail with exit status 1 and one line naming the problem. op
// picks the command, method and preset; col picks the target column.
func FuzzCLI(f *testing.F) {
	for i, s := range fuzzSeeds {
		for op := range 14 {
			f.Add([]byte(s), uint8(op+14*(i%3)), uint8(len(s)))
		}
		// The extras (-ci, -shard, -perm) on mi with uf and rf-oob, and on table.
		for _, op := range []int{0, 2, 9} {
			f.Add([]byte(s), uint8(op+14*(i%3)+42*(1+i%3)), uint8(len(s)))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, op, col uint8) {
		in := filepath.Join(t.TempDir(), "in.csv")
		if err := os.WriteFile(in, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args := fuzzArgs(in, headerOf(data), op, col)
		args = withExtras(args, op, t.TempDir())
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		switch code {
		case 0:
			checkFiniteOutput(t, args[0], stdout.Bytes())
		case 1:
			msg := withoutNotes(stderr.String(), args[0])
			if !strings.HasPrefix(msg, "ufmi "+args[0]+": ") || strings.Count(msg, "\n") != 1 || !strings.HasSuffix(msg, "\n") {
				t.Fatalf("%q: want one error line, got %q", args, msg)
			}
			if strings.Contains(msg, "json: unsupported value") {
				t.Fatalf("%q: non-finite result: %s", args, msg)
			}
		default:
			t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
		}
	})
}

// withExtras adds, for op/42 % 4 = 1, 2 or 3, the flags that ask for more
// than an estimate to the mi and table commands: a 90% interval (-ci), one
// shard of two of a results folder (-shard 0/2 -results), or a refit
// permutation test with an interval (-perm 3 -ci). Other commands are left
// as they are.
func withExtras(args []string, op uint8, dir string) []string {
	if args[0] != "mi" && args[0] != "table" {
		return args
	}
	switch int(op) / 42 % 4 {
	case 1:
		return append(args, "-ci", "0.9")
	case 2:
		return append(args, "-shard", "0/2", "-results", dir)
	case 3:
		return append(args, "-perm", "3", "-ci", "0.9")
	}
	return args
}

// withoutNotes drops the note lines ("ufmi CMD: note: ...") that may
// precede an error line.
func withoutNotes(stderr, command string) string {
	var keep []string
	for _, l := range strings.SplitAfter(stderr, "\n") {
		if !strings.HasPrefix(l, "ufmi "+command+": note: ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// headerOf returns the trimmed column names of a CSV file's first record,
// or nil.
func headerOf(data []byte) []string {
	r := csv.NewReader(bytes.NewReader(data))
	r.TrimLeadingSpace = true
	header, err := r.Read()
	if err != nil {
		return nil
	}
	for i, h := range header {
		header[i] = strings.TrimSpace(h)
	}
	return header
}

// fuzzMethods are the estimators of "ufmi mi -method" (TestFuzzMethodsAreEveryMethod
// keeps the list whole).
var fuzzMethods = []string{"uf", "rf-split", "rf-oob", "sigrf", "irf", "ksg", "mixed-ksg", "ross"}

// fuzzArgs builds the command line op selects: ops 0-7 "mi" with each
// method, 8 "mi -given", 9 "table", 10-13 "posterior" with each forest;
// op/14 picks the UF preset. col%len(header) is the target column; the
// columns after it (up to 3) are the features.
func fuzzArgs(in string, header []string, op, col uint8) []string {
	target, others := "y", []string(nil)
	if len(header) > 0 {
		j := int(col) % len(header)
		target = header[j]
		for k := 1; k < len(header) && len(others) < 3; k++ {
			others = append(others, header[(j+k)%len(header)])
		}
	}
	features := strings.Join(others, ",")
	preset := []string{"default", "paper", "authors"}[int(op)/14%3]
	small := []string{"-trees", "3", "-seed", "1", "-workers", "1", "-json"}
	switch op := int(op) % 14; {
	case op < len(fuzzMethods):
		return append([]string{"mi", "-in", in, "-target", target, "-method", fuzzMethods[op], "-preset", preset, "-k", "2"}, small...)
	case op == 8 && len(others) > 1:
		return append([]string{"mi", "-in", in, "-target", target, "-given", others[0], "-features", strings.Join(others[1:], ","), "-preset", preset}, small...)
	case op <= 9:
		return append([]string{"table", "-in", in, "-target", target, "-features", features, "-preset", preset}, small...)
	default:
		method := []string{"uf", "rf", "sigrf", "irf"}[op-10]
		return append([]string{"posterior", "-train", in, "-test", in, "-target", target, "-features", features, "-method", method, "-preset", preset}, small...)
	}
}

// checkFiniteOutput decodes the JSON a command printed and fails on any
// non-finite or out-of-range number.
func checkFiniteOutput(t *testing.T, cmd string, out []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s printed no JSON: %q", cmd, out)
	}
	switch cmd {
	case "mi":
		var rep miReport
		json.Unmarshal(out, &rep)
		before := rep.HY // the entropy MI is a reduction of: H(Y), or H(Y|Z) with -given
		if rep.HYGivenZ != nil {
			before = *rep.HYGivenZ
		}
		if math.Abs(before-rep.HYGivenX-rep.MI) > 1e-9*max(1, math.Abs(before)) || rep.HY < 0 {
			t.Fatalf("mi: inconsistent entropies: %s", out)
		}
	case "posterior":
		var rep struct{ Posteriors [][]float64 }
		json.Unmarshal(out, &rep)
		for i, p := range rep.Posteriors {
			sum := 0.0
			for _, q := range p {
				if !(q >= 0 && q <= 1) {
					t.Fatalf("posterior %d: %v out of [0, 1]", i, p)
				}
				sum += q
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("posterior %d: %v sums to %v", i, p, sum)
			}
		}
	}
}

// FuzzSlurmScript writes the Slurm script of "ufmi mi -in IN -target
// TARGET" with -name NAME and -sbatch OPT, runs task 0 of it with bash and
// its submit lines with a fake sbatch, and checks that each runs exactly
// ufmi with the intended arguments and nothing else (checkSlurmScript); a
// name or option that holds a control character must be refused instead.
// It skips without bash.
func FuzzSlurmScript(f *testing.F) {
	for i, h := range hostile {
		f.Add(h, hostile[(i+1)%len(hostile)], hostile[(i+2)%len(hostile)], hostile[(i+3)%len(hostile)])
	}
	f.Add("data.csv", "label", "", "--time=1:00:00")
	f.Fuzz(func(t *testing.T, in, target, name, opt string) {
		for _, s := range []string{in, target, name, opt} {
			if strings.ContainsRune(s, 0) {
				t.Skip("no command line passes a NUL byte")
			}
		}
		fakes := newSlurmFakes(t)
		c := slurmCase{command: []string{"mi", "-in", in, "-target", target}, name: name, results: "res"}
		// -sbatch is a comma-separated list of options, each trimmed.
		if opt = strings.TrimSpace(strings.ReplaceAll(opt, ",", "")); opt != "" {
			c.sbatch = []string{opt}
		}
		for _, a := range []string{in, target} {
			flagName := strings.SplitN(strings.TrimLeft(a, "-"), "=", 2)[0]
			if strings.HasPrefix(a, "-") && slices.Contains([]string{"shard", "shards", "results", "merge"}, flagName) {
				t.Skip("the shard flags belong to ufmi slurm, not to mi (TestSlurmScript)")
			}
		}
		if strings.ContainsFunc(name+opt, isControl) {
			args := []string{"slurm", "-o", filepath.Join(t.TempDir(), "job.sh"), "-name", name, "-sbatch", opt, "mi", "-in", in}
			if _, errOut, code := runCLI(t, args...); code != 1 || !strings.Contains(errOut, "holds a control character") {
				t.Fatalf("%q: exit %d, %q; want a refusal", args, code, errOut)
			}
			return
		}
		checkSlurmScript(t, fakes, t.TempDir(), c, generateWithBinary)
	})
}

// Every method name parses, and the help of -method lists exactly these.
func TestFuzzMethodsAreEveryMethod(t *testing.T) {
	for _, m := range fuzzMethods {
		if _, err := ufmi.ParseMethod(m); err != nil {
			t.Errorf("%s: %v", m, err)
		}
	}
	_, err := ufmi.ParseMethod("no-such-method")
	if err == nil || !strings.Contains(err.Error(), strings.Join(fuzzMethods, ", ")) {
		t.Errorf("the methods ufmi knows are not the fuzzed ones: %v", err)
	}
}
