"""How ufmi's standard error moves with its estimate, from a coverage CSV.

usage: python3 bench/coverage/sharpness.py [data/sim/coverage_full.csv]

Reads the CSV that `go run ./bench/coverage` writes (one row per data set)
and prints two Markdown tables for the cells with an exact value above 0:

1. Per cell, the correlation over its data sets of ufmi's SE (the root of
   se_data² + se_forest²) with its estimate and with the estimate of the
   exact posteriors (the data set's own information), the same for the exact
   posteriors' SE, and how many intervals miss below and above the exact value.
2. A score-type interval computed offline from each data set's estimate and
   SE, against the table's: the set of θ ≥ 0 with |estimate − θ| ≤ z·σ(θ),
   where σ(θ)² runs along the chord from a floor σ0² at θ = 0 to SE² at the
   estimate, σ(θ)² = σ0² + (SE² − σ0²)·θ/estimate. The floor is the mean SE
   of the overlapping cell (I = 0) at the same n and d, times √(K − 1) for K
   classes. Its coverage over all data sets and over the first 100.
3. For the cells with an exact value of 0, the share of intervals excluding 0,
   the table's and the score-type interval's (the floor: the cell's own mean
   SE; where no θ ≥ 0 passes, as for an estimate below −z·σ0, the table's
   interval is kept).

Standard library only.
"""
import collections
import csv
import math
import statistics
import sys

Z = 1.959963984540054


def load(path):
    cells = collections.OrderedDict()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["quantity"], row["setting"], int(row["n"]), int(row["d"]))
            cells.setdefault(key, []).append(row)
    return cells


def cell(text):
    """Text for a Markdown table cell: its bars escaped."""
    return text.replace("|", "\\|")


def se_of(row):
    return math.hypot(float(row["se_data"]), float(row["se_forest"]))


def classes(setting):
    return 3 if setting == "three_class" else 2


def score_interval(estimate, se, floor):
    """The set {θ ≥ 0 : |estimate − θ| ≤ z·σ(θ)}, σ along the chord."""
    floor = min(floor, se)
    slope = (se * se - floor * floor) / estimate if estimate > 0 else 0.0

    def outside(theta):
        return abs(theta - estimate) > Z * math.sqrt(floor * floor + slope * max(theta, 0.0))

    lo, hi = estimate, estimate + 50 * se + 1
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if outside(mid) else (mid, hi)
    high = lo
    if not outside(0.0):
        return 0.0, high
    lo, hi = 0.0, max(estimate, 0.0)
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if outside(mid) else (lo, mid)
    return hi, high


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "data/sim/coverage_full.csv"
    cells = load(path)
    floors = {(n, d): statistics.fmean(se_of(r) for r in rows)
              for (_, setting, n, d), rows in cells.items() if setting == "overlapping"}
    informative = [(key, rows) for key, rows in cells.items() if float(rows[0]["truth"]) > 0]

    print("| quantity | setting | n | d | corr(SE, estimate) | corr(SE, exact posteriors' estimate) "
          "| exact posteriors: corr(SE, estimate) | misses below / above |")
    print("|---|---|---|---|---|---|---|---|")
    for (quantity, setting, n, d), rows in informative:
        truth = float(rows[0]["truth"])
        se = [se_of(r) for r in rows]
        estimate = [float(r["estimate"]) for r in rows]
        exact = [float(r["exact_posteriors_estimate"]) for r in rows]
        exact_se = [float(r["exact_posteriors_se"]) for r in rows]
        below = sum(float(r["ci_high"]) < truth for r in rows)
        above = sum(float(r["ci_low"]) > truth for r in rows)
        print(f"| {cell(quantity)} | {setting} | {n} | {d} | {statistics.correlation(se, estimate):+.2f} "
              f"| {statistics.correlation(se, exact):+.2f} | {statistics.correlation(exact_se, exact):+.2f} "
              f"| {below} / {above} |")

    print()
    print("| quantity | setting | n | d | floor σ0 | table: coverage (first 100) "
          "| score-type: coverage (first 100) | mean width, score / table |")
    print("|---|---|---|---|---|---|---|---|")
    for (quantity, setting, n, d), rows in informative:
        truth = float(rows[0]["truth"])
        floor = floors[(n, d)] * math.sqrt(classes(setting) - 1)
        table, score, widths = [], [], []
        for r in rows:
            low, high = float(r["ci_low"]), float(r["ci_high"])
            slow, shigh = score_interval(float(r["estimate"]), se_of(r), floor)
            table.append(low <= truth <= high)
            score.append(slow <= truth <= shigh)
            widths.append((shigh - slow) / (high - low))
        print(f"| {cell(quantity)} | {setting} | {n} | {d} | {floor:.4f} "
              f"| {statistics.fmean(table):.3f} ({statistics.fmean(table[:100]):.2f}) "
              f"| {statistics.fmean(score):.3f} ({statistics.fmean(score[:100]):.2f}) "
              f"| {statistics.fmean(widths):.3f} |")

    print()
    print("| quantity | setting | n | d | table: share excluding 0 | score-type: share excluding 0 |")
    print("|---|---|---|---|---|---|")
    for (quantity, setting, n, d), rows in cells.items():
        if float(rows[0]["truth"]) > 0:
            continue
        table = score = 0
        for r in rows:
            estimate, se = float(r["estimate"]), se_of(r)
            low = float(r["ci_low"])
            if estimate > 0:
                low, _ = score_interval(estimate, se, floors[(n, d)])
            elif estimate < -Z * min(floors[(n, d)], se):
                low = float(r["ci_low"])
            else:
                low = 0.0
            table += float(r["ci_low"]) > 0
            score += low > 0
        print(f"| {cell(quantity)} | {setting} | {n} | {d} | {table / len(rows):.3f} | {score / len(rows):.3f} |")


if __name__ == "__main__":
    main()
