package notebook

import (
	"fmt"
	"math"
	"os"
	"strconv"

	"github.com/janpfeifer/gonb/gonbui"
)

// ExercisesMustPass, set to "1" in the environment, makes a wrong answer to
// an exercise fail its cell (scripts/run_notebooks.py sets it, so the
// answers written in the committed notebooks are checked on every run).
// Without it a wrong answer only says so, and the student tries again.
const ExercisesMustPass = "UFMI_EXERCISES_MUST_PASS"

// CheckNumber checks a numeric answer to an exercise: right when it is
// within tol of want (computed by the notebook, never typed in). It shows
// one line saying which, with the expected value when the answer is wrong.
func CheckNumber(exercise string, answer, want, tol float64) bool {
	ok := !math.IsNaN(answer) && (answer == want || math.Abs(answer-want) <= tol)
	detail := fmt.Sprintf("your answer %s", checkDigits(answer, tol))
	if !ok {
		detail += fmt.Sprintf(" is not within %g of %s", tol, checkDigits(want, tol))
	}
	return report(exercise, ok, detail)
}

// checkDigits writes v as it is when that is short (0.33, 1.00004), else
// with one decimal more than the tolerance tol tells apart (1/3 within
// 0.01: 0.333), so that two numbers that differ by more than tol never
// read alike ("1" against "1").
func checkDigits(v, tol float64) string {
	exact := strconv.FormatFloat(v, 'g', -1, 64)
	if len(exact) <= 10 || math.IsNaN(v) || math.IsInf(v, 0) || !(tol > 0) {
		return exact
	}
	return strconv.FormatFloat(v, 'f', max(0, int(math.Ceil(-math.Log10(tol)))+1), 64)
}

// CheckChoice checks an answer chosen from named options (a method, a
// setting): right when it equals want.
func CheckChoice(exercise, answer, want string) bool {
	detail := fmt.Sprintf("your answer %q", answer)
	if answer != want {
		detail += " is not the one the numbers above support; look at them again"
	}
	return report(exercise, answer == want, detail)
}

// CheckTrue checks a yes/no answer against what the notebook computed.
func CheckTrue(exercise string, answer, want bool) bool {
	detail := fmt.Sprintf("your answer %v", answer)
	if answer != want {
		detail += " is not what the numbers above show"
	}
	return report(exercise, answer == want, detail)
}

// report shows the verdict, and fails the cell on a wrong answer when
// ExercisesMustPass is set.
func report(exercise string, ok bool, detail string) bool {
	mark := "✗ not yet"
	if ok {
		mark = "✓ correct"
	}
	line := fmt.Sprintf("**Exercise %s: %s**: %s.", exercise, mark, detail)
	if gonbui.IsNotebook {
		ShowMarkdown(line)
	} else {
		fmt.Println(line)
	}
	if !ok && os.Getenv(ExercisesMustPass) == "1" {
		panic(fmt.Sprintf("exercise %s: wrong answer (%s)", exercise, detail))
	}
	return ok
}
