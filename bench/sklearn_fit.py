"""Time scikit-learn's RandomForestClassifier fit; prints seconds per run.

usage: sklearn_fit.py DATA.csv TREES THREADS REPS
scikit-learn cannot subsample without replacement, so it draws a bootstrap
of 63.2% of the rows (max_samples=0.632): the same number of rows per tree.
"""
import sys
import time

import numpy as np
from sklearn.ensemble import RandomForestClassifier

path, trees, threads, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
data = np.loadtxt(path, delimiter=",", skiprows=1)
x, y = data[:, :-1], data[:, -1].astype(int)
for _ in range(reps):
    rf = RandomForestClassifier(n_estimators=trees, max_features=None, min_samples_leaf=1,
                                bootstrap=True, max_samples=0.632, n_jobs=threads, random_state=1)
    start = time.perf_counter()
    rf.fit(x, y)
    print(time.perf_counter() - start)
