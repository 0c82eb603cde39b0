# Time ranger's classification forest fit; prints seconds per run.
# usage: Rscript ranger_fit.R DATA.csv TREES THREADS REPS
# Subsamples of 63.2% without replacement, all features per split
# (mtry = d), min.node.size = 1.
suppressPackageStartupMessages(library(ranger))
args <- commandArgs(trailingOnly = TRUE)
data <- read.csv(args[1])
trees <- as.integer(args[2]); threads <- as.integer(args[3]); reps <- as.integer(args[4])
data$y <- factor(data$y)
d <- ncol(data) - 1
for (r in seq_len(reps)) {
  start <- proc.time()[["elapsed"]]
  fit <- ranger(dependent.variable.name = "y", data = data, num.trees = trees, mtry = d, min.node.size = 1,
                replace = FALSE, sample.fraction = 0.632, probability = TRUE,
                num.threads = threads, seed = 1)
  cat(proc.time()[["elapsed"]] - start, "\n")
}
