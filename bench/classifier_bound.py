"""Cross-fitted classifier bound on I(X;Y) for one data set.

usage: classifier_bound.py DATA.csv FOLDS SEED THREADS

DATA.csv has columns x0, x1, ..., y (class codes 0..K-1), as bench/internal/peer
writes it. For each classifier (logistic regression on standardised features,
histogram gradient boosting, a random forest of 300 trees), the rows are split
into FOLDS stratified folds; the classifier is fitted on the other folds and
predicts the held-out fold, so no row's label shapes the probability it is
scored with. Prints one line per classifier: its name and the mean log-loss
of the held-out probabilities of the rows' labels, in nats. H(Y) minus that
log-loss is a lower bound on I(X;Y) whatever the classifier.
"""
import sys
import warnings

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

warnings.filterwarnings("ignore")
path, folds, seed, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
x, y = data[:, :-1], data[:, -1].astype(int)
k = int(y.max()) + 1
classifiers = {
    "logistic": lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
    "boosting": lambda: HistGradientBoostingClassifier(random_state=seed),
    "forest": lambda: RandomForestClassifier(n_estimators=300, min_samples_leaf=1, n_jobs=threads, random_state=seed),
}
splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
for name, make in classifiers.items():
    proba = np.zeros((len(y), k))
    for train, test in splitter.split(x, y):
        model = make().fit(x[train], y[train])
        p = model.predict_proba(x[test])
        proba[np.ix_(test, model.classes_)] = p
    p_label = np.clip(proba[np.arange(len(y)), y], 1e-15, 1.0)
    print(name, -np.mean(np.log(p_label)))
