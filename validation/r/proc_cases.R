## Build the named validation cases, run pROC on them and write the stored reference
## results validation/results/proc_results.py (a Python module, DO NOT EDIT by hand).
##
## Usage (from the repository root):
##     Rscript validation/r/proc_cases.R
##
## The pROC calls themselves live in src/rocstats/r/proc_helpers.R, which the live rpy2
## bridge (rocstats.r._proc) sources too: stored and live numbers come from the same R code.
## Every random data set is drawn here with its own set.seed() and stored in full
## precision (sprintf("%.17g")) so the Python tests use exactly the same numbers.

suppressPackageStartupMessages(library(pROC))

source(file.path(local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) dirname(sub("^--file=", "", arg[1])) else file.path("validation", "r")
}), "_repo.R"))
repo_root <- rocstats_repo_root
rocstats_source_helpers("proc_helpers.R")
out_file <- file.path(repo_root, "validation", "results", "proc_results.py")

ALTERNATIVES <- c("two-sided", "greater", "less")
CONF_LEVEL <- 0.95

## ------------------------------------------------------------------------- the cases
## Each builder returns a list with: description, control, case, and either
##   y + scores (named list of numeric vectors)   -- one row per subject, or
##   table = list(y, count, scores)               -- distinct rows with counts (large n);
## plus pairs (list of c(a, b)) for the paired DeLong test.
## A builder's body is stored verbatim in the results (r_code) as provenance.

## Correlated standard-normal pair (rho) for n subjects.
bivariate_normal <- function(n, rho) {
  z1 <- rnorm(n)
  z2 <- rho * z1 + sqrt(1 - rho^2) * rnorm(n)
  cbind(z1, z2)
}

paired_builders <- list(

  asah = function() {
    ## pROC's aSAH data (113 patients; outcome Good = control, Poor = case).
    ## s100b and ndka have many ties; wfns is an ordinal 1..5 grade (heavy ties).
    data("aSAH", package = "pROC", envir = environment())
    list(description = paste("pROC's aSAH data set: outcome (Good = control, Poor = case)",
                             "vs s100b, ndka and wfns (heavy ties)"),
         control = "Good", case = "Poor",
         y = as.character(aSAH$outcome),
         scores = list(s100b = aSAH$s100b, ndka = aSAH$ndka,
                       wfns = as.numeric(as.character(aSAH$wfns))),
         pairs = list(c("s100b", "ndka"), c("s100b", "wfns"), c("ndka", "wfns")))
  },

  tiny = function() {
    ## 2 cases, 3 controls; a tie across classes in each score.
    list(description = "2 positives, 3 negatives, ties across classes (the docstring example)",
         control = 0L, case = 1L,
         y = c(1L, 1L, 0L, 0L, 0L),
         scores = list(a = c(0.4, 0.8, 0.1, 0.4, 0.35),
                       b = c(0.35, 0.9, 0.35, 0.2, 0.5)),
         pairs = list(c("a", "b")))
  },

  imbalanced = function() {
    ## 15 cases vs 2000 controls, continuous correlated scores (rho = 0.6).
    set.seed(20240101)
    y <- sample(rep(c(1L, 0L), c(15, 2000)))
    z <- bivariate_normal(length(y), 0.6)
    list(description = "strong imbalance: 15 positives, 2000 negatives, continuous correlated scores",
         control = 0L, case = 1L, y = y,
         scores = list(a = z[, 1] + 1.2 * y, b = z[, 2] + 0.8 * y),
         pairs = list(c("a", "b")))
  },

  integer_ties = function() {
    ## 300 subjects, scores are grades 1..5 (many ties), two correlated readers.
    set.seed(20240102)
    y <- sample(rep(c(1L, 0L), c(120, 180)))
    z <- bivariate_normal(length(y), 0.7)
    grade <- function(x) findInterval(x, c(-0.8, 0.0, 0.7, 1.4)) + 1
    list(description = "300 subjects, integer scores 1..5 with many ties, two correlated readers",
         control = 0L, case = 1L, y = y,
         scores = list(a = grade(z[, 1] + 0.9 * y), b = grade(z[, 2] + 0.6 * y)),
         pairs = list(c("a", "b")))
  },

  perfect = function() {
    ## Two scores that separate the classes perfectly (AUC 1, DeLong variance 0) and one
    ## that does not.  perfect_a vs perfect_b: d = 0 and sigma = 0, pROC sets z = 0.
    set.seed(20240103)
    y <- sample(rep(c(1L, 0L), c(10, 12)))
    a <- ifelse(y == 1, runif(length(y), 0.6, 1.0), runif(length(y), 0.0, 0.5))
    b <- ifelse(y == 1, round(runif(length(y), 5, 9)), round(runif(length(y), 0, 4)))
    c <- a + rnorm(length(y), sd = 0.3)
    list(description = paste("perfect separation (variance 0, CI [1, 1]); paired z of two perfect",
                             "scores is 0/0 (pROC: 0), of perfect vs perfectly reversed 1/0 (Inf)"),
         control = 0L, case = 1L, y = y,
         scores = list(perfect_a = a, perfect_b = b, imperfect = c, perfect_reversed = 1 - a),
         pairs = list(c("perfect_a", "perfect_b"), c("perfect_a", "imperfect"),
                      c("perfect_a", "perfect_reversed")))
  },

  identical_scores = function() {
    ## The same score twice: d = 0 and sigma = 0 exactly; pROC sets z = 0, p = 1.
    set.seed(20240104)
    y <- sample(rep(c(1L, 0L), c(30, 40)))
    s <- round(rnorm(length(y), mean = 0.7 * y), 1)
    list(description = "two identical scores: the paired z is 0/0, which pROC sets to 0 (p = 1)",
         control = 0L, case = 1L, y = y,
         scores = list(s = s, s_copy = s),
         pairs = list(c("s", "s_copy")))
  },

  equal_auc_permuted = function() {
    ## b permutes a's values within each class: identical AUCs (d = 0 exactly in exact
    ## arithmetic) but different pairing, so sigma > 0 and z = 0.
    set.seed(20240105)
    y <- sample(rep(c(1L, 0L), c(25, 35)))
    a <- round(rnorm(length(y), mean = 0.8 * y), 1)
    b <- a
    b[y == 1] <- sample(a[y == 1])
    b[y == 0] <- sample(a[y == 0])
    list(description = "equal AUCs with different pairing (d = 0, sigma > 0): z = 0, p = 1",
         control = 0L, case = 1L, y = y,
         scores = list(a = a, b = b),
         pairs = list(c("a", "b")))
  },

  reversed_strong = function() {
    ## A score whose AUC is far below 0.5 (direction "<" kept, never flipped) against a
    ## good score: |z| is large and the p-values are tiny.
    set.seed(20240106)
    y <- sample(rep(c(1L, 0L), c(200, 200)))
    z <- bivariate_normal(length(y), -0.3)
    list(description = "AUC < 0.5 kept as is (no automatic direction); |z| large, tiny p-values",
         control = 0L, case = 1L, y = y,
         scores = list(reversed = z[, 1] - 1.0 * y, good = z[, 2] + 1.0 * y),
         pairs = list(c("reversed", "good")))
  },

  single_positive = function() {
    ## One case: the AUC is defined, the DeLong variance (denominator m - 1) is not.
    list(description = "a single positive: AUC defined, DeLong variance and tests undefined (NA/NaN)",
         control = 0L, case = 1L,
         y = c(0L, 0L, 1L, 0L, 0L, 0L),
         scores = list(a = c(0.1, 0.2, 0.45, 0.3, 0.5, 0.7),
                       b = c(0.1, 0.2, 0.9, 0.3, 0.5, 0.7)),
         pairs = list(c("a", "b")))
  },

  ulp_spacing = function() {
    ## Scores one unit in the last place apart (spacing 0.125 at 1e15, subnormals near 0),
    ## exact cross-class ties, negative and mixed-sign values: exact comparisons only.
    base <- c(1e15, 1e15 + 0.125, 1e15 + 0.25, 1e15 + 0.375, -1e15, -1e15 - 0.125,
              5e-324, 1e-323, 0, -5e-324, 1, 1 + 2^-52, 1 - 2^-53, -2)
    y <- c(1L, 0L, 1L, 0L, 1L, 0L, 1L, 0L, 0L, 1L, 0L, 1L, 1L, 0L,
           0L, 1L, 0L, 1L, 0L, 1L, 1L, 0L, 1L, 0L)
    a <- c(base, base[c(1, 2, 7, 8, 11, 12, 13, 14, 3, 4)])
    b <- rev(a) * -1
    list(description = "values 1 ulp apart (1e15, 1, subnormals), exact cross-class ties, mixed sign",
         control = 0L, case = 1L, y = y,
         scores = list(a = a, b = b),
         pairs = list(c("a", "b")))
  },

  best_threshold_exact = function() {
    ## 613 cases, 1841 controls, scores 1, 2, 3.  The cut at 2 is the unique point
    ## closest to (0, 1) (Se 605/613), but its squared distance differs from the cut at 3
    ## (Se 180/613) by 1 / (613 * 1841)^2 = 7.9e-13: a tolerance of 1e-12 merges them.
    ## Score b: the same cases, other controls, the same near tie.
    y <- rep(c(1L, 0L), c(613, 1841))
    a <- c(rep(c(1, 2, 3), c(8, 425, 180)), rep(c(1, 2, 3), c(527, 1124, 190)))
    b <- c(rep(c(1, 2, 3), c(8, 425, 180)), rep(c(1, 2, 3), c(341, 752, 748)))
    list(description = paste("three score values, 613 vs 1841: two cut points whose distances",
                             "to (0, 1) differ by 7.9e-13 (exact comparison needed)"),
         control = 0L, case = 1L, y = y,
         scores = list(a = a, b = b),
         pairs = list(c("a", "b")))
  },

  large_table = function() {
    ## 50000 cases and 50000 controls (m n = 2.5e9 > 2^31: 32-bit overflow would show,
    ## pROC issue #19); integer scores -10..10, stored as distinct rows with counts.
    set.seed(20240107)
    n <- 50000
    y <- rep(c(1L, 0L), c(n, n))
    z <- bivariate_normal(2 * n, 0.5)
    clip <- function(x) pmin(pmax(round(x), -10), 10)
    d <- data.frame(y = y, a = clip(3 * z[, 1] + 0.6 * y), b = clip(3 * z[, 2] + 0.4 * y),
                    count = 1L)
    tab <- aggregate(count ~ y + a + b, data = d, FUN = sum)
    tab <- tab[order(tab$y, tab$a, tab$b), ]
    list(description = "m = n = 50000 (m n > 2^31), integer scores -10..10, stored as a table of counts",
         control = 0L, case = 1L,
         table = list(y = as.integer(tab$y), count = as.integer(tab$count),
                      scores = list(a = as.numeric(tab$a), b = as.numeric(tab$b))),
         pairs = list(c("a", "b")))
  }
)

unpaired_builders <- list(

  independent = function() {
    ## Two independent samples of different sizes; sample b has ties (1 decimal).
    set.seed(20240201)
    ya <- sample(rep(c(1L, 0L), c(40, 60)))
    yb <- sample(rep(c(1L, 0L), c(25, 90)))
    list(description = "two independent samples (100 and 115 subjects), continuous vs rounded scores",
         control = 0L, case = 1L,
         a = list(y = ya, score = rnorm(length(ya), mean = 1.1 * ya)),
         b = list(y = yb, score = round(rnorm(length(yb), mean = 0.6 * yb), 1)))
  },

  asah_by_gender = function() {
    ## pROC's aSAH: s100b in women vs s100b in men (independent groups, heavy ties).
    data("aSAH", package = "pROC", envir = environment())
    f <- aSAH$gender == "Female"
    list(description = "aSAH s100b: women vs men as independent samples (heavy ties)",
         control = "Good", case = "Poor",
         a = list(y = as.character(aSAH$outcome[f]), score = aSAH$s100b[f]),
         b = list(y = as.character(aSAH$outcome[!f]), score = aSAH$s100b[!f]))
  },

  one_perfect = function() {
    ## Sample a separates perfectly (variance 0): the Welch df reduces to N_b - 1.
    set.seed(20240202)
    ya <- sample(rep(c(1L, 0L), c(8, 9)))
    yb <- sample(rep(c(1L, 0L), c(20, 30)))
    list(description = "sample a perfectly separated (variance 0): df = N_b - 1",
         control = 0L, case = 1L,
         a = list(y = ya, score = ya * 2 + runif(length(ya))),
         b = list(y = yb, score = rnorm(length(yb), mean = 0.5 * yb)))
  },

  both_perfect = function() {
    ## Both samples separate perfectly: D = 0/0, which pROC leaves undefined (NaN).
    list(description = "both samples perfectly separated: D = 0/0 and df = 0/0 (pROC: NaN)",
         control = 0L, case = 1L,
         a = list(y = c(0L, 0L, 0L, 1L, 1L, 1L), score = c(1, 2, 3, 4, 5, 6)),
         b = list(y = c(0L, 0L, 1L, 1L, 1L), score = c(1, 2, 5, 6, 7)))
  },

  perfect_vs_reversed = function() {
    ## AUC 1 against AUC 0, both with variance 0: D = 1/0 = Inf, df = 0/0 (pROC: NaN).
    list(description = "AUC 1 vs AUC 0, both variances 0: D = Inf, df = 0/0 (pROC: df and p NaN)",
         control = 0L, case = 1L,
         a = list(y = c(0L, 0L, 0L, 1L, 1L, 1L), score = c(1, 2, 3, 4, 5, 6)),
         b = list(y = c(0L, 0L, 1L, 1L, 1L), score = c(5, 6, 1, 2, 3)))
  }
)

## ----------------------------------------------------------------------- run pROC
r_code <- function(builder) paste(deparse(body(builder), width.cutoff = 90L), collapse = "\n")

run_paired <- function(name) {
  builder <- paired_builders[[name]]
  spec <- builder()
  if (!is.null(spec$table)) {
    y <- rep(spec$table$y, spec$table$count)
    scores <- lapply(spec$table$scores, function(s) rep(s, spec$table$count))
  } else {
    y <- spec$y
    scores <- spec$scores
  }
  res <- rocstats_proc_case(y, scores, spec$control, spec$case, spec$pairs,
                            ALTERNATIVES, CONF_LEVEL)
  data <- if (!is.null(spec$table)) {
    list(table = list(y = pyarray(spec$table$y), count = pyarray(spec$table$count),
                      scores = lapply(spec$table$scores, pyarray)))
  } else {
    list(y = pyarray(spec$y), scores = lapply(spec$scores, pyarray))
  }
  c(list(description = spec$description, r_code = r_code(builder),
         control = spec$control, case = spec$case),
    data, list(single = res$single, paired = res$paired))
}

run_unpaired <- function(name) {
  builder <- unpaired_builders[[name]]
  spec <- builder()
  res <- rocstats_proc_unpaired_case(spec$a$y, spec$a$score, spec$b$y, spec$b$score,
                                     spec$control, spec$case, ALTERNATIVES, CONF_LEVEL)
  c(list(description = spec$description, r_code = r_code(builder),
         control = spec$control, case = spec$case,
         a = list(y = pyarray(spec$a$y), score = pyarray(spec$a$score)),
         b = list(y = pyarray(spec$b$y), score = pyarray(spec$b$score))),
    res)
}

## --------------------------------------------------------- write Python literals
## Values marked pyarray() are always written as Python lists; other length-1 vectors as
## scalars.  Doubles keep 17 significant digits (round-trip exact); NA/NaN -> nan.
pyarray <- function(x) structure(x, class = c("pyarray", class(x)))

py_str <- function(s) {
  s <- gsub("\\\\", "\\\\\\\\", s)
  s <- gsub("\"", "\\\\\"", s)
  s <- gsub("\n", "\\\\n", s)
  paste0("\"", s, "\"")
}

py_atom <- function(x) {
  if (is.character(x)) return(py_str(x))
  if (is.logical(x)) return(ifelse(is.na(x), "None", ifelse(x, "True", "False")))
  if (is.integer(x)) return(ifelse(is.na(x), "None", sprintf("%d", x)))
  out <- sprintf("%.17g", x)
  plain <- !grepl("[.eEna]", out) & is.finite(x)
  out[plain] <- paste0(out[plain], ".0")
  out[is.na(x)] <- "nan"
  out[is.infinite(x) & x > 0] <- "inf"
  out[is.infinite(x) & x < 0] <- "-inf"
  out
}

py_list <- function(x, indent) {
  if (!length(x)) return("[]")
  atoms <- py_atom(unclass(x))
  pad <- strrep(" ", indent + 4)
  lines <- character(0)
  line <- ""
  for (a in atoms) {
    piece <- paste0(a, ",")
    if (nchar(line) && nchar(pad) + nchar(line) + 1 + nchar(piece) > 99) {
      lines <- c(lines, line)
      line <- piece
    } else {
      line <- if (nchar(line)) paste(line, piece) else piece
    }
  }
  lines <- c(lines, line)
  paste0("[\n", paste0(pad, lines, collapse = "\n"), "\n", strrep(" ", indent), "]")
}

py_value <- function(x, indent = 0, key = "") {
  if (is.null(x)) return("None")
  if (inherits(x, "pyarray") || key == "warnings") return(py_list(x, indent))
  if (is.list(x)) {
    pad <- strrep(" ", indent + 4)
    if (!length(x)) return(if (is.null(names(x))) "[]" else "{}")
    if (is.null(names(x))) {
      items <- vapply(x, function(v) py_value(v, indent + 4), "")
      return(paste0("[\n", paste0(pad, items, ",", collapse = "\n"), "\n",
                    strrep(" ", indent), "]"))
    }
    keys <- names(x)
    items <- vapply(seq_along(x), function(i)
      paste0(py_str(keys[i]), ": ", py_value(x[[i]], indent + 4, keys[i])), "")
    return(paste0("{\n", paste0(pad, items, ",", collapse = "\n"), "\n",
                  strrep(" ", indent), "}"))
  }
  if (length(x) != 1) return(py_list(x, indent))
  py_atom(x)
}

## ----------------------------------------------------------------------- write it
versions <- rocstats_proc_versions()
stamp <- format(Sys.time(), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC")
paired <- lapply(setNames(nm = names(paired_builders)), run_paired)
unpaired <- lapply(setNames(nm = names(unpaired_builders)), run_unpaired)

r_calls <- c(
  'r <- roc(response, predictor, levels = c(control, case), direction = "<", quiet = TRUE)',
  'auc(r)',
  'var(r, method = "delong")',
  'ci.auc(r, conf.level = 0.95, method = "delong")  # ci_lower = [1], ci_upper = [3]',
  'coords(r, "best", best.method = m, ret = c("threshold", "sensitivity", "specificity"), transpose = FALSE)  # m = "youden" -> best_youden_*, "closest.topleft" -> best_topleft_*: first row, number of rows (_ties)',
  'cov(r1, r2, method = "delong")',
  'roc.test(r1, r2, method = "delong", paired = TRUE, alternative = alt, conf.level = 0.95)  # statistic (Z), p.value, conf.int',
  'roc.test(r1, r2, method = "delong", paired = FALSE, alternative = alt)  # statistic (D), parameter (df), p.value'
)

header <- c(
  '"""pROC reference results for rocstats (stored; used by tests/test_proc_parity.py).',
  '',
  'DO NOT EDIT: this file is generated by validation/r/proc_cases.R, which sources',
  'src/rocstats/r/proc_helpers.R (the same R code the live rpy2 bridge runs).',
  'Regenerate from the repository root with:',
  '',
  '    Rscript validation/r/proc_cases.R',
  '',
  paste0('R version:     ', versions$r_version),
  paste0('R platform:    ', versions$platform),
  paste0('pROC version:  ', versions$proc_version),
  paste0('Generated:     ', stamp),
  '',
  'R calls used (explicit levels and direction; pROC\'s automatic direction is never used):',
  '',
  paste0('    ', r_calls),
  '',
  'Alternatives are keyed by rocstats\' names ("two-sided", "greater", "less"; pROC\'s',
  '"two.sided", "greater", "less").  Undefined values (pROC NA / NaN) are stored as nan.',
  'PAIRED_CASES[name] holds the data (y and scores, or a "table" of distinct rows with',
  '"count"), pROC\'s one-score results under "single" and the paired results under "paired";',
  'UNPAIRED_CASES[name] holds two independent samples "a" and "b", "single" and "test".',
  '"""',
  'from math import inf, nan  # noqa: F401  (used by the literals below)',
  '',
  paste0('GENERATOR = ', py_str("validation/r/proc_cases.R")),
  paste0('R_HELPERS = ', py_str("src/rocstats/r/proc_helpers.R")),
  paste0('R_VERSION = ', py_str(versions$r_version)),
  paste0('R_PLATFORM = ', py_str(versions$platform)),
  paste0('PROC_VERSION = ', py_str(versions$proc_version)),
  paste0('GENERATED = ', py_str(stamp)),
  paste0('CONF_LEVEL = ', py_atom(CONF_LEVEL)),
  paste0('ALTERNATIVES = (', paste0(py_str(ALTERNATIVES), collapse = ", "), ')'),
  paste0('R_CALLS = ', py_value(pyarray(r_calls))),
  ''
)

body <- c(
  paste0('PAIRED_CASES = ', py_value(paired)),
  '',
  paste0('UNPAIRED_CASES = ', py_value(unpaired)),
  ''
)

dir.create(dirname(out_file), showWarnings = FALSE, recursive = TRUE)
writeLines(c(header, body), out_file, useBytes = TRUE)
cat(sprintf("wrote %s: %d paired cases, %d unpaired cases (R %s, pROC %s)\n",
            out_file, length(paired), length(unpaired), getRversion(), versions$proc_version))
