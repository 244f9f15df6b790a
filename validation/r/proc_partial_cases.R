## Run pROC's partial AUC and smoothing on the named validation cases and write the stored
## reference results validation/results/proc_partial.json (DO NOT EDIT by hand).
##
## Usage (from the repository root):
##     Rscript validation/r/proc_partial_cases.R
##
## The pROC calls live in src/rocstats/r/proc_helpers.R (rocstats_proc_partial,
## rocstats_proc_smooth), which the live rpy2 bridge (rocstats.r._proc.proc_partial /
## proc_smooth) runs too: stored and live numbers come from the same R code.  Every random
## data set is drawn here with its own set.seed() and stored with 17 significant digits
## (exact doubles); pROC's aSAH data are not stored again: the harness reads them from
## validation/results/proc_results.py (PAIRED_CASES["asah"], the one stored copy) and
## checks them against the fingerprints written here.  Base R and pROC only.

suppressPackageStartupMessages(library(pROC))

source(file.path(local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) dirname(sub("^--file=", "", arg[1])) else file.path("validation", "r")
}), "_repo.R"))
repo_root <- rocstats_repo_root
rocstats_source_helpers("proc_helpers.R")
out_file <- file.path(repo_root, "validation", "results", "proc_partial.json")

## rocstats' partial = (lo, hi); pROC gets partial.auc = c(hi, lo).
RANGES <- list(lo = c(0.8, 0.6, 0.25), hi = c(1.0, 0.9, 0.55))
## smooth(r, method, n) for every score; some cases add other n.
SMOOTHINGS <- list(list(method = "binormal", n = 512L), list(method = "density", n = 512L))

## ------------------------------------------------------------------------- the cases
## Each builder returns: description, control, case, direction, y, scores (named list),
## optionally smoothings (extra smooth() calls) and data_source (data not stored here).
## A builder's body is stored verbatim in the results (r_code) as provenance.
builders <- list(

  asah = function() {
    ## pROC's aSAH data (113 patients; Good = control, Poor = case); s100b and ndka have
    ## ties, wfns is an ordinal grade 1..5 (heavy ties).
    data("aSAH", package = "pROC", envir = environment())
    list(description = "pROC's aSAH: outcome (Good = control, Poor = case) vs s100b, ndka, wfns",
         control = "Good", case = "Poor", direction = "<",
         data_source = "validation/results/proc_results.py: PAIRED_CASES['asah']",
         y = as.character(aSAH$outcome),
         scores = list(s100b = aSAH$s100b, ndka = aSAH$ndka,
                       wfns = as.numeric(as.character(aSAH$wfns))))
  },

  ties_mixed = function() {
    ## 90 subjects, scores rounded to 0.1: ties within and across classes.
    set.seed(20250501)
    y <- rbinom(90, 1, 0.4)
    list(description = "90 subjects, scores rounded to 0.1 (ties within and across classes)",
         control = 0L, case = 1L, direction = "<", y = y,
         scores = list(a = round(rnorm(90, mean = 1.0 * y), 1),
                       b = round(rnorm(90, mean = 0.5 * y, sd = 1 + 0.5 * y), 1)),
         smoothings = list(list(method = "binormal", n = 100L),
                           list(method = "density", n = 1000L)))
  },

  imbalanced = function() {
    ## 14 cases vs 400 controls, continuous scores.
    set.seed(20250502)
    y <- sample(rep(c(1L, 0L), c(14, 400)))
    list(description = "strong imbalance: 14 cases, 400 controls, continuous scores",
         control = 0L, case = 1L, direction = "<", y = y,
         scores = list(a = rnorm(length(y), mean = 1.1 * y)))
  },

  reversed_ties = function() {
    ## direction ">": cases score lower; half-integer scores, heavy ties.
    set.seed(20250503)
    y <- sample(rep(c(1L, 0L), c(50, 70)))
    list(description = "direction '>' (cases lower), half-integer scores with heavy ties",
         control = 0L, case = 1L, direction = ">", y = y,
         scores = list(a = round(2 * rnorm(length(y), mean = -0.9 * y)) / 2))
  },

  unequal_var_reversed = function() {
    ## direction ">", 60 cases N(-1, 1.8^2) vs 140 controls N(0, 1): binormal slope != -1.
    set.seed(20250504)
    y <- sample(rep(c(1L, 0L), c(60, 140)))
    list(description = "direction '>', unequal variances (cases N(-1, 1.8^2), controls N(0, 1))",
         control = 0L, case = 1L, direction = ">", y = y,
         scores = list(a = ifelse(y == 1, rnorm(length(y), -1, 1.8), rnorm(length(y), 0, 1))))
  },

  small_ties = function() {
    ## 6 cases, 9 controls, integer scores with cross-class ties; string labels.
    set.seed(20250505)
    y <- sample(rep(c("pos", "neg"), c(6, 9)))
    list(description = "6 cases vs 9 controls, integer scores 0..6 with cross-class ties",
         control = "neg", case = "pos", direction = "<", y = y,
         scores = list(a = pmin(pmax(round(rnorm(15, mean = 3 + 1.2 * (y == "pos"))), 0), 6)))
  }
)

## ------------------------------------------------------------------ minimal JSON writer
## Exact doubles: every number is written with 17 significant digits; NA / NaN -> null.
## Length-1 vectors are scalars unless wrapped in I() (then always arrays).
.json_str <- function(s) {
  s <- gsub("\\", "\\\\", s, fixed = TRUE)
  s <- gsub("\"", "\\\"", s, fixed = TRUE)
  s <- gsub("\n", "\\n", s, fixed = TRUE)
  s <- gsub("\t", "\\t", s, fixed = TRUE)
  paste0("\"", s, "\"")
}
.json_atoms <- function(x) {
  if (is.character(x)) return(ifelse(is.na(x), "null", .json_str(x)))
  if (is.logical(x)) return(ifelse(is.na(x), "null", ifelse(x, "true", "false")))
  if (is.integer(x)) return(ifelse(is.na(x), "null", sprintf("%d", x)))
  if (is.numeric(x)) {
    if (any(is.infinite(x))) stop("infinite value in the results")
    return(ifelse(is.na(x), "null", sprintf("%.17g", x)))
  }
  stop("cannot write an object of class ", class(x)[1])
}
to_json <- function(x, indent = 0L) {
  pad <- strrep(" ", indent + 1L)
  if (is.null(x)) return("null")
  if (is.list(x)) {
    if (!length(x)) return(if (is.null(names(x))) "[]" else "{}")
    items <- vapply(x, to_json, "", indent = indent + 1L)
    if (is.null(names(x))) {
      return(paste0("[\n", paste0(pad, items, collapse = ",\n"), "\n",
                    strrep(" ", indent), "]"))
    }
    return(paste0("{\n", paste0(pad, .json_str(names(x)), ": ", items, collapse = ",\n"),
                  "\n", strrep(" ", indent), "}"))
  }
  atoms <- .json_atoms(unclass(x))
  if (length(atoms) == 1L && !inherits(x, "AsIs")) return(atoms)
  paste0("[", paste(atoms, collapse = ", "), "]")
}

## ------------------------------------------------------------------------- run pROC
fingerprint <- function(x) {
  if (is.character(x)) {
    return(list(n = length(x), levels = I(sort(unique(x))),
                index_sums = I(vapply(sort(unique(x)), function(l) sum(which(x == l)), 0))))
  }
  list(n = length(x), sum = sum(x), sum_sq = sum(x^2), sum_index = sum(x * seq_along(x)))
}

run_case <- function(name, builder) {
  d <- builder()
  smoothings <- c(SMOOTHINGS, if (is.null(d$smoothings)) list() else d$smoothings)
  scores <- lapply(names(d$scores), function(s) {
    x <- d$scores[[s]]
    list(partial = rocstats_proc_partial(d$y, x, d$control, d$case, d$direction,
                                         RANGES$lo, RANGES$hi),
         smooth = lapply(smoothings, function(sm)
           c(list(method = sm$method, n = sm$n),
             rocstats_proc_smooth(d$y, x, d$control, d$case, d$direction, sm$method,
                                  sm$n, RANGES$lo, RANGES$hi))))
  })
  names(scores) <- names(d$scores)
  body <- paste(deparse(body(builder), width.cutoff = 100L), collapse = "\n")
  data <- if (is.null(d$data_source)) {
    list(y = I(d$y), scores = lapply(d$scores, I))
  } else {
    list(source = d$data_source,
         fingerprint = c(list(y = fingerprint(d$y)), lapply(d$scores, fingerprint)))
  }
  list(description = d$description, r_code = body, control = d$control, case = d$case,
       direction = d$direction, data = data, results = scores)
}

## warnings are always arrays (possibly of one message)
warnings_as_arrays <- function(x) {
  if (!is.list(x)) return(x)
  nm <- names(x)
  for (i in seq_along(x)) {
    x[[i]] <- if (!is.null(nm) && nm[i] == "warnings") I(as.character(x[[i]]))
              else warnings_as_arrays(x[[i]])
  }
  x
}

cases <- lapply(names(builders), function(nm) warnings_as_arrays(run_case(nm, builders[[nm]])))
names(cases) <- names(builders)

doc <- list(
  DO_NOT_EDIT = paste("Generated by validation/r/proc_partial_cases.R, which sources",
                      "src/rocstats/r/proc_helpers.R (the same R code the live bridge runs).",
                      "Regenerate from the repository root with: Rscript",
                      "validation/r/proc_partial_cases.R"),
  generator = "validation/r/proc_partial_cases.R",
  r_helpers = "src/rocstats/r/proc_helpers.R",
  r_version = R.version.string,
  r_platform = R.version$platform,
  proc_version = as.character(utils::packageVersion("pROC")),
  generated = format(Sys.time(), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"),
  r_calls = I(c(
    "r <- roc(response, predictor, levels = c(control, case), direction = direction, quiet = TRUE)",
    "auc(r)",
    "auc(r, partial.auc = c(hi, lo), partial.auc.focus = focus, partial.auc.correct = correct)  # every (lo, hi) in ranges, focus in (specificity, sensitivity), correct in (FALSE, TRUE)",
    "s <- smooth(r, method = method, n = n)  # bw = \"nrd0\", kernel gaussian, cut 3 (pROC's defaults)",
    "auc(s); s$specificities; s$sensitivities",
    "auc(s, partial.auc = c(hi, lo), partial.auc.focus = focus, partial.auc.correct = correct)",
    "coef(s$model)  # method binormal: (a, b) of lm(qnorm(sp) ~ qnorm(se))",
    "bw.nrd0(c(r$controls, r$cases))  # method density: the bandwidth smooth() uses")),
  layout = paste("cases[name]: description, r_code (the builder), control, case, direction,",
                 "data (y and scores, or source + fingerprint), results[score]: partial",
                 "(auc, n_case, n_control, partial: records lo, hi, focus, correct, value,",
                 "warnings; warnings) and smooth (one record per smooth() call: method, n,",
                 "auc, specificities, sensitivities, partial, coefficients or bw, warnings).",
                 "null = NA in pROC."),
  ranges = list(lo = I(RANGES$lo), hi = I(RANGES$hi)),
  cases = cases)

writeLines(to_json(doc), out_file)
cat("wrote", out_file, "\n")
