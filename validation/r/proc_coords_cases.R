## Run pROC's coords() and bootstrap ci.*() functions on the named cases and write the
## stored reference results validation/results/proc_coords.json (DO NOT EDIT by hand).
##
## Usage (from the repository root; a few minutes: the bootstrap runs boot.n = 10000):
##     Rscript validation/r/proc_coords_cases.R
##
## The pROC calls live in src/rocstats/r/proc_helpers.R (rocstats_proc_coords and
## rocstats_proc_ci_bootstrap), which the live rpy2 bridge (rocstats.r._proc) sources
## too: stored and live numbers come from the same R code.  Random data sets are drawn
## here with their own set.seed() and stored in full precision (sprintf("%.17g")); the
## aSAH cases use pROC's data(aSAH), stored once in validation/results/proc_results.py
## (PAIRED_CASES$asah), and are recorded here by name with a checksum.

suppressPackageStartupMessages(library(pROC))

source(file.path(local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) dirname(sub("^--file=", "", arg[1])) else file.path("validation", "r")
}), "_repo.R"))
repo_root <- rocstats_repo_root
rocstats_source_helpers("proc_helpers.R")
out_file <- file.path(repo_root, "validation", "results", "proc_coords.json")

BOOT_N <- 10000L
WEIGHTS <- c(1, 0.5, 2, 0.25, 0.5, 0.7)   # best.weights pairs (cost, prevalence)

## ------------------------------------------------------------------------- the cases
## Each builder returns: description, control, case, direction, y, score, and for the aSAH
## cases dataset = "asah" (the data are not stored again).

asah_case <- function(column, direction, description) {
  function() {
    data("aSAH", package = "pROC", envir = environment())
    score <- if (column == "wfns") as.numeric(as.character(aSAH$wfns)) else aSAH[[column]]
    list(description = description, dataset = "asah", column = column,
         control = "Good", case = "Poor", direction = direction,
         y = as.character(aSAH$outcome), score = score)
  }
}

builders <- list(
  asah_s100b = asah_case("s100b", "<", "pROC's aSAH: s100b (ties), direction <"),
  asah_ndka_gt = asah_case("ndka", ">", "pROC's aSAH: ndka with direction > (AUC < 0.5)"),
  asah_wfns = asah_case("wfns", "<", "pROC's aSAH: wfns, an ordinal 1..5 grade (heavy ties)"),

  ties_int = function() {
    ## 200 subjects, prevalence 0.35, integer grades 0..9: heavy ties across classes.
    set.seed(20261101)
    y <- sample(rep(c(1L, 0L), c(70, 130)))
    s <- pmin(pmax(round(2 * rnorm(200) + 4 + 1.1 * y), 0), 9)
    list(description = "200 subjects, 70 cases, integer scores 0..9 (heavy ties)",
         control = 0L, case = 1L, direction = "<", y = y, score = s)
  },

  imbalanced = function() {
    ## 12 cases vs 400 controls, continuous scores.
    set.seed(20261102)
    y <- sample(rep(c(1L, 0L), c(12, 400)))
    s <- rnorm(412) + 1.3 * y
    list(description = "strong imbalance: 12 cases, 400 controls, continuous scores",
         control = 0L, case = 1L, direction = "<", y = y, score = s)
  },

  gt_rounded = function() {
    ## Lower scores are cases (direction ">"), string labels, scores rounded to 0.1.
    set.seed(20261103)
    y <- sample(rep(c("pos", "neg"), c(60, 90)))
    s <- round(rnorm(150, mean = ifelse(y == "pos", -0.8, 0)), 1)
    list(description = "direction >, string labels neg/pos, 150 scores rounded to 0.1",
         control = "neg", case = "pos", direction = ">", y = y, score = s)
  },

  small_ties = function() {
    ## 14 subjects with cross-class ties and several exactly tied optimal points.
    list(description = "14 subjects, cross-class ties, exactly tied optima",
         control = 0L, case = 1L, direction = "<",
         y = c(0L, 0L, 1L, 0L, 1L, 1L, 0L, 1L, 0L, 1L, 1L, 0L, 0L, 1L),
         score = c(1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 2, 9))
  },

  mixed_sign = function() {
    ## Negative and large-magnitude values, direction ">", adjacent doubles.
    set.seed(20261104)
    y <- sample(rep(c(1L, 0L), c(25, 35)))
    s <- -1e6 * rnorm(60, mean = 0.9 * y)
    s[1:4] <- c(1e15, 1e15 + 0.125, -5e-324, 0)
    list(description = "direction >, negative and large scores, adjacent doubles at 1e15",
         control = 0L, case = 1L, direction = ">", y = y, score = s)
  }
)

## The bootstrap cases: name -> list(stratified, partial (pROC order), focus, correct).
bootstrap_cases <- list(
  asah_s100b = list(stratified = TRUE, partial = c(1, 0.8), focus = "specificity",
                    correct = TRUE, seed = 20261111L),
  gt_rounded = list(stratified = TRUE, partial = c(1, 0.9), focus = "sensitivity",
                    correct = FALSE, seed = 20261112L),
  ties_int = list(stratified = FALSE, partial = NULL, focus = "specificity",
                  correct = FALSE, seed = 20261113L)
)

## ------------------------------------------------------------------------- x values
## Points at which the numeric-x coords are asked: grid values, exact points of the curve
## (so the exact-match rule is exercised), values between points, and random values.
x_values <- function(r, case_seed) {
  set.seed(case_seed)
  pick <- function(v, k) v[sort(unique(round(seq(1, length(v), length.out = k))))]
  sp <- sort(unique(r$specificities))
  se <- sort(unique(r$sensitivities))
  thr <- sort(unique(r$thresholds))
  sc <- sort(unique(as.numeric(r$predictor)))
  list(
    x_specificity = c((0:20) * 0.05, pick(sp, 8), runif(4)),
    x_sensitivity = c((0:20) * 0.05, pick(se, 8), runif(4)),
    x_threshold = c(-Inf, Inf, pick(thr[is.finite(thr)], 8), pick(sc, 6),
                    runif(3, min(sc), max(sc))),
    x_fpr = c((0:10) * 0.1, 1 - pick(sp, 4), runif(2)),
    x_tp = c(0, length(r$cases), pick(seq_len(length(r$cases)), 5),
             runif(2, 0, length(r$cases))))
}

## ------------------------------------------------------------------------- JSON
source(file.path(rocstats_repo_root, "validation", "r", "_json.R"))

## ------------------------------------------------------------------------- run
asah_checksum <- function(score) sprintf("%.17g", sum(score * seq_along(score)))

cases_out <- list()
boot_out <- list()
k <- 0
for (name in names(builders)) {
  k <- k + 1
  b <- builders[[name]]()
  cat(sprintf("coords: %s\n", name))
  r <- rocstats_proc_roc_dir(b$y, b$score, b$control, b$case, b$direction)
  xv <- x_values(r, 20261200L + k)
  res <- rocstats_proc_coords(b$y, b$score, b$control, b$case, b$direction,
                              xv$x_specificity, xv$x_sensitivity, xv$x_threshold,
                              xv$x_fpr, xv$x_tp, weights = WEIGHTS)
  case <- list(description = b$description,
               r_code = paste(deparse(body(builders[[name]])), collapse = "\n"),
               control = b$control, case = b$case, direction = b$direction)
  if (!is.null(b$dataset)) {
    case$dataset <- b$dataset
    case$column <- b$column
    case$n <- length(b$score)
    case$checksum <- asah_checksum(b$score)
  } else {
    case$y <- arr(b$y)
    case$score <- arr(b$score)
  }
  case$coords <- res
  cases_out[[name]] <- case
  if (name %in% names(bootstrap_cases)) {
    o <- bootstrap_cases[[name]]
    cat(sprintf("bootstrap: %s (boot.n = %d)\n", name, BOOT_N))
    t0 <- proc.time()[["elapsed"]]
    br <- rocstats_proc_ci_bootstrap(
      b$y, b$score, b$control, b$case, b$direction, o$seed, BOOT_N, o$stratified,
      specificities = (0:10) * 0.1, sensitivities = (0:10) * 0.1,
      x_specificity = c(0.5, 0.8, 0.9), x_threshold = xv$x_threshold[3:6],
      partial = o$partial, focus = o$focus, correct = o$correct)
    br$seconds <- proc.time()[["elapsed"]] - t0
    boot_out[[name]] <- br
  }
}

## make every vector of the results an array (columns, x, quantiles)
arrays <- function(x) {
  if (is.list(x)) return(lapply(x, arrays))
  if (is.numeric(x) && length(x) != 1) return(arr(x))
  x
}
cases_out <- lapply(cases_out, function(cs) { cs$coords <- arrays(cs$coords); cs })
for (nm in names(cases_out)) {
  co <- cases_out[[nm]]$coords
  co$all <- lapply(co$all, arr)
  co$local_maximas <- lapply(co$local_maximas, arr)
  co$best <- lapply(co$best, function(bb) { bb$columns <- lapply(bb$columns, arr);
                                            bb$best_weights <- arr(bb$best_weights); bb })
  co$inputs <- lapply(co$inputs, function(ii) list(x = arr(ii$x),
                                                   columns = lapply(ii$columns, arr)))
  cases_out[[nm]]$coords <- co
}
boot_out <- lapply(boot_out, function(bo) {
  fix <- function(x) if (is.list(x)) lapply(x, fix) else if (is.numeric(x) &&
                                                             length(x) > 1) arr(x) else x
  bo <- fix(bo)
  for (key in c("se", "sp", "coords_specificity", "coords_threshold", "thresholds"))
    bo[[key]] <- lapply(bo[[key]], function(v) if (is.list(v)) lapply(v, arr) else arr(v))
  bo$coords_best <- lapply(bo$coords_best, function(v) lapply(v, arr))
  bo
})

doc <- list(
  DO_NOT_EDIT = paste("generated by validation/r/proc_coords_cases.R, which sources",
                      "src/rocstats/r/proc_helpers.R (the R code the live rpy2 bridge runs);",
                      "regenerate from the repository root with:",
                      "Rscript validation/r/proc_coords_cases.R"),
  generator = "validation/r/proc_coords_cases.R",
  r_helpers = "src/rocstats/r/proc_helpers.R",
  r_version = R.version.string,
  r_platform = R.version$platform,
  proc_version = as.character(utils::packageVersion("pROC")),
  generated = format(Sys.time(), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"),
  r_calls = c(
    "r <- roc(response, predictor, levels = c(control, case), direction = direction, quiet = TRUE)",
    "coords(r, \"all\", ret = \"all\", transpose = FALSE)  # coords$all",
    "coords(r, \"local maximas\", ret = c(\"threshold\", \"specificity\", \"sensitivity\"), transpose = FALSE)",
    "coords(r, \"best\", best.method = m, best.weights = w, ret = \"all\", transpose = FALSE)  # m in youden, closest.topleft; w in (1, 0.5), (2, 0.25), (0.5, 0.7)",
    "coords(r, x, input = i, ret = \"all\", transpose = FALSE)  # i in specificity, sensitivity, threshold, fpr, tp",
    "set.seed(seed); ci.auc(r, method = \"bootstrap\", boot.n = 10000, boot.stratified = s, progress = \"none\")",
    "set.seed(seed + 1); ci.se(r, specificities = (0:10) * 0.1, boot.n = 10000, boot.stratified = s)",
    "set.seed(seed + 2); ci.sp(r, sensitivities = (0:10) * 0.1, boot.n = 10000, boot.stratified = s)",
    "set.seed(seed + 3); ci.thresholds(r, thresholds = \"local maximas\", boot.n = 10000, boot.stratified = s)",
    "set.seed(seed + 4); ci.coords(r, \"best\", ret = c(\"threshold\", \"specificity\", \"sensitivity\"), best.policy = \"random\", boot.n = 10000)",
    "set.seed(seed + 5); ci.coords(r, c(0.5, 0.8, 0.9), input = \"specificity\", ret = c(\"sensitivity\", \"ppv\", \"npv\", \"accuracy\"), boot.n = 10000)",
    "set.seed(seed + 6); ci.coords(r, x_threshold[3:6], input = \"threshold\", ret = c(\"specificity\", \"sensitivity\", \"ppv\"), boot.n = 10000)",
    "set.seed(seed + 7); ci.auc(r, method = \"bootstrap\", reuse.auc = FALSE, partial.auc = p, partial.auc.focus = f, partial.auc.correct = c, boot.n = 10000)"),
  notes = paste("NA / NaN are stored as \"NaN\", infinities as \"Infinity\" / \"-Infinity\";",
                "aSAH cases name their data (proc_results.py PAIRED_CASES$asah) with",
                "checksum = sum(score * seq_along(score)); partial ranges in pROC's order."),
  cases = cases_out,
  bootstrap = boot_out)

writeLines(to_json(doc), out_file)
cat("written", out_file, "\n")
