## Run epiR's epi.tests and cutpointr's cutpointr on the named cases and write the stored
## reference results validation/results/diagnostic.json (DO NOT EDIT by hand).
##
## Usage (from the repository root; about three minutes, the cutpointr bootstraps run
## boot_runs = 2000 each):
##     Rscript validation/r/diagnostic_cases.R
##
## The epiR / cutpointr calls live in src/rocstats/r/diagnostic_helpers.R, which the live
## rpy2 bridge (rocstats.r.diagnostic) sources too.  Simulated data are drawn here with
## their own set.seed() and stored in full precision; the aSAH cases use pROC's
## data(aSAH) (validation/results/data/asah.csv) and are recorded by name with a checksum.

suppressPackageStartupMessages({library(pROC); library(epiR); library(cutpointr)})

source(file.path(local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) dirname(sub("^--file=", "", arg[1])) else file.path("validation", "r")
}), "_repo.R"))
repo_root <- rocstats_repo_root
rocstats_source_helpers("diagnostic_helpers.R")
source(file.path(repo_root, "validation", "r", "_json.R"))
out_file <- file.path(repo_root, "validation", "results", "diagnostic.json")

METHODS <- c("exact", "wilson", "agresti", "jeffreys", "clopper-pearson")
LEVELS <- c(0.95, 0.9)
BOOT_RUNS <- 2000L

data("aSAH", package = "pROC")
asah_score <- function(column) {
  if (column == "wfns") as.numeric(as.character(aSAH$wfns)) else aSAH[[column]]
}
asah_checksum <- function(score) sprintf("%.17g", sum(score * seq_along(score)))

## ------------------------------------------------------------------------- epiR
epi_all <- function(counts) {
  out <- list()
  for (m in METHODS) for (lv in LEVELS) {
    r <- rocstats_epi_tests(counts, m, lv)
    out[[length(out) + 1]] <- list(method = m, level = lv, statistic = r$statistic,
                                   est = arr(r$est), lower = arr(r$lower), upper = arr(r$upper))
  }
  out
}

epir_cases <- list()
for (thr in list(list("s100b", "<", 0.205), list("s100b", "<", 0.08), list("s100b", "<", 0.52),
                 list("ndka", ">", 9.5), list("wfns", "<", 2.5))) {
  score <- asah_score(thr[[1]])
  case <- aSAH$outcome == "Poor"
  counts <- rocstats_table_at(case, score, thr[[3]], thr[[2]])
  epir_cases[[length(epir_cases) + 1]] <- list(
    name = sprintf("asah_%s_%s_%g", thr[[1]], if (thr[[2]] == "<") "ge" else "le", thr[[3]]),
    dataset = "asah", column = thr[[1]], direction = thr[[2]], threshold = thr[[3]],
    checksum = asah_checksum(score), counts = arr(as.integer(counts)), results = epi_all(counts))
}
## random 2 x 2 tables, zero cells in every position and pairs of positions
set.seed(20261128)
tables <- list()
for (i in 1:12) tables[[i]] <- sample(1:40, 4, replace = TRUE)
zeros <- list(1, 2, 3, 4, c(1, 2), c(3, 4), c(1, 3), c(2, 4), c(1, 4), c(2, 3), c(1, 2, 3))
for (z in zeros) { t <- sample(1:40, 4, replace = TRUE); t[z] <- 0L; tables[[length(tables) + 1]] <- t }
tables[[length(tables) + 1]] <- c(4000L, 123L, 77L, 9000L)       # large counts
tables[[length(tables) + 1]] <- c(1L, 0L, 0L, 1L)                 # smallest non-empty
for (i in seq_along(tables)) {
  counts <- as.integer(tables[[i]])
  epir_cases[[length(epir_cases) + 1]] <- list(
    name = sprintf("table_%02d_%s", i, paste(counts, collapse = "_")), dataset = "table",
    counts = arr(counts), results = epi_all(counts))
}

## ------------------------------------------------------------------------- cutpointr
sim_data <- function() {
  set.seed(20261129)
  n <- 150
  y <- sample(rep(c(1L, 0L), c(55, 95)))
  s1 <- rnorm(n, mean = 1.1 * y)
  y2 <- sample(rep(c(1L, 0L), c(80, 120)))
  s2 <- pmin(pmax(round(2 * rnorm(200) + 4 + 1.2 * y2), 0), 9)
  y3 <- c(rep(1L, 10), rep(0L, 15))[sample(25)]
  s3 <- round(rnorm(25, mean = 0.9 * y3), 1)
  list(sim_binormal = list(y = y, score = s1, description = "150 subjects, 55 cases, binormal (continuous)"),
       sim_ties = list(y = y2, score = s2, description = "200 subjects, 80 cases, integer grades 0..9 (heavy ties)"),
       sim_small = list(y = y3, score = s3, description = "25 subjects, 10 cases, scores rounded to 0.1"))
}
sims <- sim_data()
datasets <- list(
  asah_s100b = list(y = as.character(aSAH$outcome), score = asah_score("s100b"), pos = "Poor",
                    description = "pROC's aSAH, s100b"),
  asah_ndka = list(y = as.character(aSAH$outcome), score = asah_score("ndka"), pos = "Poor",
                   description = "pROC's aSAH, ndka"),
  asah_wfns = list(y = as.character(aSAH$outcome), score = asah_score("wfns"), pos = "Poor",
                   description = "pROC's aSAH, wfns (ordinal 1..5)"))
for (nm in names(sims)) datasets[[nm]] <- c(sims[[nm]], list(pos = 1L))

METRICS <- c("youden", "sum_sens_spec", "accuracy", "roc01", "sens_constrain", "spec_constrain")
cut_cases <- list()
for (nm in names(datasets)) {
  d <- datasets[[nm]]
  calls <- list()
  for (dir in c(">=", "<=")) for (m in METRICS) for (mid in c(FALSE, TRUE)) for (bt in c("all", "median")) {
    r <- rocstats_cutpointr(d$y, d$score, d$pos, dir, m, mid, bt, 0.7, 0L, FALSE, 1L)
    calls[[length(calls) + 1]] <- list(direction = dir, metric = m, use_midpoints = mid,
                                       break_ties = bt, min_constrain = 0.7,
                                       optimal_cutpoint = arr(r$optimal_cutpoint),
                                       value = arr(r$value), sensitivity = arr(r$sensitivity),
                                       specificity = arr(r$specificity), acc = arr(r$acc),
                                       AUC = r$AUC)
  }
  entry <- list(name = nm, description = d$description, pos_class = d$pos, calls = calls)
  if (startsWith(nm, "asah")) entry$checksum <- asah_checksum(d$score)
  else { entry$y <- arr(d$y); entry$score <- arr(d$score) }
  cut_cases[[length(cut_cases) + 1]] <- entry
}

summ <- function(v) {
  v <- v[!is.na(v)]
  n_inf <- sum(is.infinite(v))        # a cut-off of +-Inf: "nothing positive" chosen
  v <- v[is.finite(v)]
  m <- mean(v)
  list(n = length(v), n_inf = n_inf, mean = m, sd = stats::sd(v), m4 = mean((v - m)^4),
       q = arr(as.numeric(stats::quantile(v, c(0.025, 0.5, 0.975), type = 7))))
}
boot_cases <- list()
for (b in list(list("asah_s100b", FALSE, 1001L), list("asah_s100b", TRUE, 1002L),
               list("sim_binormal", FALSE, 1003L), list("sim_ties", FALSE, 1004L))) {
  d <- datasets[[b[[1]]]]
  r <- rocstats_cutpointr(d$y, d$score, d$pos, ">=", "youden", FALSE, "median", 0.5,
                          BOOT_RUNS, b[[2]], b[[3]])
  cols <- r$boot[c("optimal_cutpoint", "AUC_b", "AUC_oob", "youden_b", "youden_oob", "acc_b",
                   "acc_oob", "sensitivity_b", "sensitivity_oob", "specificity_b",
                   "specificity_oob", "cohens_kappa_b", "cohens_kappa_oob")]
  boot_cases[[length(boot_cases) + 1]] <- list(
    dataset = b[[1]], direction = ">=", metric = "youden", break_ties = "median",
    boot_stratify = b[[2]], seed = b[[3]], boot_runs = BOOT_RUNS, kept = r$boot_kept,
    optimal_cutpoint = r$optimal_cutpoint,
    summary = lapply(cols, summ))
}

doc <- list(
  DO_NOT_EDIT = paste("generated by validation/r/diagnostic_cases.R, which sources",
                      "src/rocstats/r/diagnostic_helpers.R (the R code the live rpy2 bridge",
                      "runs); regenerate from the repository root with:",
                      "Rscript validation/r/diagnostic_cases.R"),
  generator = "validation/r/diagnostic_cases.R",
  r_helpers = "src/rocstats/r/diagnostic_helpers.R",
  r_version = R.version.string,
  r_platform = R.version$platform,
  epir_version = as.character(utils::packageVersion("epiR")),
  cutpointr_version = as.character(utils::packageVersion("cutpointr")),
  generated = format(Sys.time(), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"),
  r_calls = c(
    "epiR::epi.tests(as.table(matrix(c(tp, fp, fn, tn), nrow = 2, byrow = TRUE)), method = m, conf.level = level)  # m in exact, wilson, agresti, jeffreys, clopper-pearson; level in 0.95, 0.9",
    "counts of a marker: test positive when score >= threshold (direction <) or score <= threshold (direction >)",
    "set.seed(1); cutpointr(d, x, class, pos_class, direction, method = maximize_metric (minimize_metric for roc01), metric = m, use_midpoints, break_ties = median | c, min_constrain = 0.7, silent = TRUE)",
    "set.seed(seed); cutpointr(d, x, class, pos_class, direction = \">=\", metric = youden, boot_runs = 2000, boot_stratify = s)  # boot columns summarised over the finite values (NA removed, infinite cut-offs counted): n, n_inf, mean, sd, fourth central moment, type-7 quantiles 0.025 / 0.5 / 0.975"),
  notes = paste("NA / NaN are stored as \"NaN\", infinities as \"Infinity\" / \"-Infinity\";",
                "aSAH cases name their data (validation/results/data/asah.csv) with",
                "checksum = sum(score * seq_along(score))."),
  epir = epir_cases,
  cutpointr = cut_cases,
  cutpointr_boot = boot_cases)

writeLines(to_json(doc), out_file)
cat("written", out_file, "\n")
