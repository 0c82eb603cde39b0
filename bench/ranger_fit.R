# Time ranger's classification forest fit; prints seconds per run.
# usage: Rscript ranger_fit.R DATA.csv TREES THREADS REPS [FRACTION MTRY MIN_NODE KEEP]
# Defaults: subsamples of 63.2% without replacement, all features per split
# (mtry = d), min.node.size = 1, the forest kept (KEEP = TRUE). KEEP = FALSE
# grows the trees without storing them (write.forest = FALSE). After each
# run's seconds, a line "cpu S" gives the CPU seconds of all its threads.
suppressPackageStartupMessages(library(ranger))
args <- commandArgs(trailingOnly = TRUE)
data <- read.csv(args[1])
trees <- as.integer(args[2]); threads <- as.integer(args[3]); reps <- as.integer(args[4])
data$y <- factor(data$y)
d <- ncol(data) - 1
fraction <- if (length(args) >= 5) as.numeric(args[5]) else 0.632
mtry <- if (length(args) >= 6) as.integer(args[6]) else d
min_node <- if (length(args) >= 7) as.integer(args[7]) else 1
keep <- if (length(args) >= 8) as.logical(args[8]) else TRUE
for (r in seq_len(reps)) {
  start <- proc.time()
  fit <- ranger(dependent.variable.name = "y", data = data, num.trees = trees, mtry = mtry,
                min.node.size = min_node, replace = FALSE, sample.fraction = fraction,
                probability = TRUE, write.forest = keep, num.threads = threads, seed = 1)
  used <- proc.time() - start
  cat(used[["elapsed"]], "\n")
  cat("cpu", used[["user.self"]] + used[["sys.self"]], "\n")
}
