package study

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi/drosophila"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

// DrosophilaFeatureSample shows how an encoding gives the neurons to the
// estimators: the first perType neurons of each cell type, in table order,
// with columns "neuron", "type" and then the encoded features.
func DrosophilaFeatureSample(n *drosophila.Neurons, enc drosophila.Encoding, perType int) (dataframe.DataFrame, error) {
	if perType < 1 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: %d neurons per type; want at least 1", perType)
	}
	x, names, y, classes, err := n.Encode(enc)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	var rows [][]any
	shown := make([]int, len(classes))
	for i := range x {
		if shown[y[i]] == perType {
			continue
		}
		shown[y[i]]++
		row := []any{n.Names[i], classes[y[i]]}
		for _, v := range x[i] {
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	return frame.FromRecords(append([]string{"neuron", "type"}, names...), rows)
}
