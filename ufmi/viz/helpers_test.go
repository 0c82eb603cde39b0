package viz

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// decodeFigure decodes PNG bytes and checks the size expected at 96 dpi
// (1 cm = 96/2.54 px, rounded by the canvas) and that the image is not blank.
func decodeFigure(t *testing.T, b []byte, wantW, wantH int) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("output is not a PNG: %v", err)
	}
	size := img.Bounds().Size()
	if abs(size.X-wantW) > 1 || abs(size.Y-wantH) > 1 {
		t.Fatalf("PNG is %dx%d, want %dx%d", size.X, size.Y, wantW, wantH)
	}
	if n := distinctColors(img); n < 8 {
		t.Fatalf("PNG has only %d distinct colours: looks blank", n)
	}
	saveForInspection(t, b)
	return img
}

// pxPerCm is the number of pixels per centimetre of the PNG encoder (96 dpi).
const pxPerCm = 96 / 2.54

// defaultPx is the pixel size of a figure of default size.
var defaultPx = [2]int{px(16), px(10)}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// distinctColors counts the distinct RGBA values of img.
func distinctColors(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}

// countPixels counts the pixels of img for which keep is true.
func countPixels(img image.Image, keep func(r, g, b uint32) bool) int {
	n := 0
	bd := img.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if keep(r>>8, g>>8, b>>8) {
				n++
			}
		}
	}
	return n
}

// differingPixels counts the pixels where two equally sized images differ.
func differingPixels(a, b image.Image) int {
	n := 0
	bd := a.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}

// isBlackish reports a dark grey or black pixel (text, axes, truth).
func isBlackish(r, g, b uint32) bool { return r < 60 && g < 60 && b < 60 }

// saveForInspection writes the figure under $UFMI_VIZ_OUT when it is set,
// so a person can look at what the tests drew.
func saveForInspection(t *testing.T, b []byte) {
	dir := os.Getenv("UFMI_VIZ_OUT")
	if dir == "" {
		return
	}
	name := strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()) + ".png"
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Logf("cannot save %s: %v", name, err)
	}
}

// wantErrContaining fails unless err is non-nil, starts with "ufmi: " and
// contains every fragment.
func wantErrContaining(t *testing.T, err error, fragments ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error containing %q, got nil", fragments)
	}
	if !strings.HasPrefix(err.Error(), "ufmi: ") {
		t.Fatalf("error %q does not start with \"ufmi: \"", err)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Fatalf("error %q does not contain %q", err, f)
		}
	}
}

// px converts centimetres to whole pixels at 96 dpi.
func px(cm float64) int { return int(cm*pxPerCm + 0.5) }

// svgTexts parses an SVG document, failing the test unless it is well-formed
// XML with an <svg> root, and returns the content of its <text> elements.
func svgTexts(t *testing.T, b []byte) []string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	var texts []string
	root, inText := "", false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = el.Name.Local
			}
			inText = el.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, string(el))
			}
		case xml.EndElement:
			inText = false
		}
	}
	if root != "svg" {
		t.Fatalf("SVG root element is %q, want svg", root)
	}
	return texts
}

// crossingSeries is n curves that cross the whole plot, each named
// "method k": no place of a legend is free of them.
func crossingSeries(n int) []Series {
	var series []Series
	for k := range n {
		x := []float64{0, 0.25, 0.5, 0.75, 1}
		y := make([]float64, len(x))
		for i := range x {
			y[i] = math.Mod(float64(k)*0.37+x[i]*float64(k+1), 1)
		}
		series = append(series, Series{Name: fmt.Sprintf("method %d", k), X: x, Y: y})
	}
	return series
}
