## Run ROCR 1.0-11 on named data sets and write the stored reference results
## validation/results/rocr.json (DO NOT EDIT by hand): precision / recall points and
## "aucpr" of single scores (rocstats.pr_curve / pr_auc), and the vertical average of
## ROC curves across folds (rocstats.roc_average).
##
## Usage (from the repository root):
##     Rscript validation/r/rocr_cases.R
##
## The R calls live in src/rocstats/r/rocr_helpers.R (rocstats_rocr_pr,
## rocstats_rocr_vertical), which the live rpy2 bridge (rocstats.r.rocr) runs too: stored
## and live numbers come from the same R code.  ROCR's own data (ROCR.simple, ROCR.xval),
## pROC's aSAH and simulated data sets (each with its own set.seed()) are stored with 17
## significant digits (exact doubles).  Labels are 0 / 1, 1 = positive; higher scores
## are more positive.

suppressPackageStartupMessages({
  library(ROCR)
  library(pROC)
})

source(file.path(local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) dirname(sub("^--file=", "", arg[1])) else file.path("validation", "r")
}), "_repo.R"))
source(file.path(rocstats_repo_root, "validation", "r", "_json.R"))
repo_root <- rocstats_repo_root
rocstats_source_helpers("rocr_helpers.R")
out_file <- file.path(repo_root, "validation", "results", "rocr.json")

## ------------------------------------------------------------------ precision-recall
pr_builders <- list(
  rocr_simple = function() {
    data(ROCR.simple, package = "ROCR", envir = environment())
    list(description = "ROCR.simple (ROCR's example: 200 scores, 107 positives)",
         scores = ROCR.simple$predictions, labels = ROCR.simple$labels)
  },
  asah_s100b = function() {
    data(aSAH, package = "pROC", envir = environment())
    list(description = "pROC's aSAH: s100b for outcome Poor (41 of 113; heavy ties)",
         scores = aSAH$s100b, labels = as.integer(aSAH$outcome == "Poor"))
  },
  continuous = function() {
    set.seed(2501)
    y <- rep(c(1L, 0L), c(60L, 240L))
    list(description = "binormal, 60 positives N(1, 1) and 240 negatives N(0, 1), no ties",
         scores = c(rnorm(60, 1), rnorm(240)), labels = y)
  },
  ties_blocks = function() {
    set.seed(2502)
    y <- rep(c(1L, 0L), c(40L, 50L))
    list(description = "scores rounded to 0.5: blocks of up to ~10 tied positives and negatives",
         scores = round(2 * c(rnorm(40, 1.2), rnorm(50))) / 2, labels = y)
  },
  ties_positive_runs = function() {
    set.seed(2503)
    y <- rep(c(1L, 0L), c(30L, 30L))
    s <- c(sample(c(5, 4, 3, 2), 30, replace = TRUE, prob = c(0.4, 0.3, 0.2, 0.1)),
           sample(c(4, 3, 2, 1), 30, replace = TRUE))
    list(description = "four score levels: runs of 3 or more tied positives (ROCR's aucpr interpolates them)",
         scores = s, labels = y)
  },
  first_negative = function() {
    list(description = "the top score is a negative; a tie of 3 positives with 1 negative",
         scores = c(0.95, 0.9, 0.8, 0.8, 0.8, 0.8, 0.6, 0.5, 0.3, 0.2, 0.1),
         labels = c(0L, 1L, 1L, 1L, 1L, 0L, 0L, 1L, 0L, 1L, 0L))
  })

pr_cases <- lapply(names(pr_builders), function(nm) {
  d <- pr_builders[[nm]]()
  r <- rocstats_rocr_pr(d$scores, d$labels)
  list(description = d$description, r_code = paste(deparse(pr_builders[[nm]]), collapse = "\n"),
       data = list(scores = arr(as.numeric(d$scores)), labels = arr(as.integer(d$labels))),
       rocr = list(cutoffs = arr(r$cutoffs), recall = arr(r$recall),
                   precision = arr(r$precision), tp = arr(r$tp), fp = arr(r$fp),
                   aucpr = r$aucpr))
})
names(pr_cases) <- names(pr_builders)

## ------------------------------------------------------------------ vertical average
avg_builders <- list(
  rocr_xval = function() {
    data(ROCR.xval, package = "ROCR", envir = environment())
    list(description = "ROCR.xval (ROCR's example: 10 cross-validation folds of 200 scores)",
         scores = ROCR.xval$predictions, labels = ROCR.xval$labels)
  },
  ties_folds = function() {
    set.seed(2511)
    k <- 5
    n <- c(30L, 45L, 60L, 40L, 35L)
    s <- l <- vector("list", k)
    for (i in seq_len(k)) {
      y <- rbinom(n[i], 1, 0.4)
      y[1:2] <- c(0L, 1L)
      s[[i]] <- round(rnorm(n[i], 1.1 * y), 1)
      l[[i]] <- y
    }
    list(description = "5 folds of different sizes, scores rounded to 0.1 (ties)",
         scores = s, labels = l)
  })

avg_cases <- lapply(names(avg_builders), function(nm) {
  d <- avg_builders[[nm]]()
  r <- rocstats_rocr_vertical(d$scores, d$labels)
  list(description = d$description, r_code = paste(deparse(avg_builders[[nm]]), collapse = "\n"),
       data = list(scores = lapply(d$scores, function(v) arr(as.numeric(v))),
                   labels = lapply(d$labels, function(v) arr(as.integer(v)))),
       rocr = list(x = arr(r$x), y = arr(r$y), spread_at = arr(r$spread_at),
                   spread_mean = arr(r$spread_mean), spread_stderror = arr(r$spread_stderror)))
})
names(avg_cases) <- names(avg_builders)

doc <- list(
  DO_NOT_EDIT = paste("Generated by validation/r/rocr_cases.R, which sources",
                      "src/rocstats/r/rocr_helpers.R (the same R code the live bridge",
                      "runs). Regenerate from the repository root with: Rscript",
                      "validation/r/rocr_cases.R"),
  generator = "validation/r/rocr_cases.R",
  r_helpers = "src/rocstats/r/rocr_helpers.R",
  r_version = R.version.string,
  r_platform = R.version$platform,
  rocr_version = as.character(utils::packageVersion("ROCR")),
  gplots_version = as.character(utils::packageVersion("gplots")),
  generated = format(Sys.time(), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"),
  r_calls = I(c(
    "pred <- prediction(scores, labels, label.ordering = c(0, 1)); performance(pred, \"prec\", \"rec\"); performance(pred, \"aucpr\")",
    "pred <- prediction(list_of_scores, list_of_labels); perf <- performance(pred, \"tpr\", \"fpr\"); ROCR:::.performance.plot.vertical.avg(perf, spread.estimate = \"stderror\", spread.scale = 1)  # the averaged curve and the error bars it draws (plot(perf, avg = \"vertical\", spread.estimate = \"stderror\"))")),
  layout = paste("pr_cases[name]: description, r_code, data (scores, labels 0/1), rocr",
                 "(cutoffs with Inf first, recall, precision with NaN at 0/0, tp, fp,",
                 "aucpr).  average_cases[name]: description, r_code, data (scores, labels:",
                 "one array per fold), rocr (x = ROCR's grid, y = the vertical average,",
                 "spread_at, spread_mean, spread_stderror = sd over folds / sqrt(k))."),
  pr_cases = pr_cases,
  average_cases = avg_cases)

writeLines(to_json(doc), out_file)
cat("wrote", out_file, "\n")
