package cc18

import "sort"

// StudyDatasets chooses the datasets of a study: those the local mirror
// holds (Available), or the whole suite when there is no mirror (they are
// then downloaded from OpenML and cached). With limit > 0 only the limit
// smallest are kept, by instances × features as the suite lists them (ties
// by id), smallest first; limit 0 keeps every one, in suite order.
func StudyDatasets(limit int, o LoadOptions) []int {
	ids := Available(o)
	if len(ids) == 0 {
		for _, d := range Suite {
			ids = append(ids, d.ID)
		}
	}
	if limit <= 0 {
		return ids
	}
	size := func(id int) int {
		d, _ := Lookup(id)
		return d.Instances * d.Features
	}
	sort.SliceStable(ids, func(a, b int) bool {
		sa, sb := size(ids[a]), size(ids[b])
		if sa != sb {
			return sa < sb
		}
		return ids[a] < ids[b]
	})
	return ids[:min(limit, len(ids))]
}
