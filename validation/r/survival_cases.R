## Run riskRegression::Score (time-dependent AUC, its SE, paired contrasts) and
## survival::concordance (Harrell's and Uno's C) on named censored data sets and write the
## stored reference results validation/results/survival_auc.json (DO NOT EDIT by hand).
##
## Usage (from the repository root):
##     Rscript validation/r/survival_cases.R
##
## The R calls live in src/rocstats/r/survival_helpers.R (rocstats_score_auc,
## rocstats_concordance), which the live rpy2 bridge (rocstats.r.survival) runs too:
## stored and live numbers come from the same R code.  survival's pbc, veteran and lung
## data and every simulated data set (each with its own set.seed()) are stored with 17
## significant digits (exact doubles).
##
## Markers are stored as measured, with a direction: "<" = higher is riskier, ">" = lower
## is riskier; riskRegression gets the risk (the marker, or minus it for ">").

suppressPackageStartupMessages({
  library(survival)
  library(prodlim)
  library(riskRegression)
})

source(file.path(local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) dirname(sub("^--file=", "", arg[1])) else file.path("validation", "r")
}), "_repo.R"))
repo_root <- rocstats_repo_root
rocstats_source_helpers("survival_helpers.R")
out_file <- file.path(repo_root, "validation", "results", "survival_auc.json")

## ------------------------------------------------------------------------- the cases
## Each builder returns: description, time, status (0 = censored, 1, 2 = causes), markers
## (named list), directions (named, "<" or ">"), times, and optionally cause (default 1),
## covariates (a data.frame: Cox censoring model, then conservative = TRUE), conservative,
## swap_check (TRUE: also run Score on the data with codes 1 and 2 swapped and cause 1),
## concordance (list of list(timewt, ymax)); single-cause data only.
HARRELL_UNO <- function(tau) list(list(timewt = "n", ymax = NULL),
                                  list(timewt = "n/G2", ymax = NULL),
                                  list(timewt = "n/G2", ymax = tau),
                                  list(timewt = "n", ymax = tau))

builders <- list(

  pbc_death = function() {
    ## survival's pbc (418 patients): death (status 2) as the event, transplant (1)
    ## censored; log bilirubin and age riskier when higher, albumin when lower.
    d <- survival::pbc
    list(description = "survival::pbc, 418 patients: death vs log(bili), albumin (>), age",
         time = d$time, status = as.integer(d$status == 2),
         markers = list(log_bili = log(d$bili), albumin = d$albumin, age = d$age),
         directions = c(log_bili = "<", albumin = ">", age = "<"),
         times = c(1000, 2000, 3000, 4000), concordance = HARRELL_UNO(3000))
  },

  pbc_competing = function() {
    ## pbc with competing risks: 1 = death, 2 = transplant; cause 1 (death).
    d <- survival::pbc
    list(description = "survival::pbc, competing risks (1 = death, 2 = transplant), cause death",
         time = d$time, status = ifelse(d$status == 2, 1L, ifelse(d$status == 1, 2L, 0L)),
         markers = list(log_bili = log(d$bili), albumin = d$albumin),
         directions = c(log_bili = "<", albumin = ">"),
         times = c(1000, 2000, 3000))
  },

  pbc_competing_cause2 = function() {
    ## the same with cause 2 (transplant): riskRegression 2022.11.28's SE uses the first
    ## cause's cases here (see swap_check)
    d <- survival::pbc
    list(description = "survival::pbc, competing risks, cause 2 (transplant)",
         time = d$time, status = ifelse(d$status == 2, 1L, ifelse(d$status == 1, 2L, 0L)),
         markers = list(log_bili = log(d$bili), age = d$age),
         directions = c(log_bili = "<", age = ">"),
         times = c(1000, 2000, 3000), cause = 2, swap_check = TRUE)
  },

  veteran = function() {
    ## survival's veteran (137 patients): Karnofsky score (lower = riskier), age, time
    ## since diagnosis.
    d <- survival::veteran
    list(description = "survival::veteran, 137 patients: death vs karno (>), age, diagtime",
         time = d$time, status = d$status,
         markers = list(karno = d$karno, age = d$age, diagtime = d$diagtime),
         directions = c(karno = ">", age = "<", diagtime = "<"),
         times = c(30, 90, 180, 365), concordance = HARRELL_UNO(180))
  },

  lung = function() {
    ## survival's lung, the 226 patients with ph.ecog and ph.karno: ECOG grade (0-3,
    ## heavy ties), physician's Karnofsky (lower = riskier), age.
    d <- survival::lung
    d <- d[!is.na(d$ph.ecog) & !is.na(d$ph.karno), ]
    list(description = "survival::lung, 226 complete patients: death vs ph.ecog, ph.karno (>), age",
         time = d$time, status = d$status - 1L,
         markers = list(ph_ecog = d$ph.ecog, ph_karno = d$ph.karno, age = d$age),
         directions = c(ph_ecog = "<", ph_karno = ">", age = "<"),
         times = c(180, 365, 540), concordance = HARRELL_UNO(365))
  },

  lung_cox = function() {
    ## lung with a Cox model for the censoring given age and sex (conservative SE)
    d <- survival::lung
    d <- d[!is.na(d$ph.ecog) & !is.na(d$ph.karno), ]
    list(description = "survival::lung, Cox censoring model on age and sex, conservative SE",
         time = d$time, status = d$status - 1L,
         markers = list(ph_ecog = d$ph.ecog, ph_karno = d$ph.karno),
         directions = c(ph_ecog = "<", ph_karno = ">"),
         times = c(180, 365), covariates = data.frame(age = d$age, sex = d$sex),
         conservative = TRUE)
  },

  sim_small_ties = function() {
    ## 40 subjects, integer times 1..12, markers on a 0.5 grid: ties everywhere
    set.seed(20260101)
    n <- 40
    x <- round(2 * rnorm(n)) / 2
    ev <- pmin(ceiling(rexp(n, 0.15 * exp(0.6 * x))), 12)
    ce <- pmin(ceiling(rexp(n, 0.08)), 12)
    list(description = "40 subjects, integer times, markers on a 0.5 grid (ties in both)",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(a = x, b = round(2 * (x + rnorm(n))) / 2),
         directions = c(a = "<", b = "<"), times = c(2, 4, 6, 8),
         concordance = HARRELL_UNO(6))
  },

  sim_medium = function() {
    ## 200 subjects, times rounded to 0.1, about 30% censored
    set.seed(20260102)
    n <- 200
    x <- rnorm(n)
    ev <- round(rexp(n, 0.1 * exp(0.8 * x)), 1) + 0.1
    ce <- round(rexp(n, 0.04), 1) + 0.1
    list(description = "200 subjects, times rounded to 0.1, about 30% censored",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(a = round(x, 1), b = round(x + rnorm(n), 1)),
         directions = c(a = "<", b = "<"), times = c(2, 5, 10, 15),
         concordance = HARRELL_UNO(10))
  },

  sim_heavy_censoring = function() {
    ## 300 subjects, about 65% censored, a protective marker
    set.seed(20260103)
    n <- 300
    x <- rnorm(n)
    ev <- round(rexp(n, 0.05 * exp(-0.7 * x)), 1) + 0.1
    ce <- round(runif(n, 0, 25), 1) + 0.1
    list(description = "300 subjects, heavy censoring (~65%), protective marker (>)",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(a = round(x, 2), b = round(x + 0.7 * rnorm(n), 2)),
         directions = c(a = ">", b = ">"), times = c(3, 8, 15, 20),
         concordance = HARRELL_UNO(15))
  },

  sim_light_censoring = function() {
    ## 150 subjects, about 10% censored
    set.seed(20260104)
    n <- 150
    x <- rnorm(n)
    ev <- round(rweibull(n, 1.5, 10 * exp(-0.5 * x)), 1) + 0.1
    ce <- round(rexp(n, 0.01), 1) + 0.1
    list(description = "150 subjects, Weibull times, about 10% censored",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(a = round(x, 1), b = round(rnorm(n) + 0.3 * x, 1)),
         directions = c(a = "<", b = "<"), times = c(4, 8, 12),
         concordance = HARRELL_UNO(12))
  },

  sim_uncensored = function() {
    ## 80 subjects, no censoring (riskRegression: weights 1, no censoring term)
    set.seed(20260105)
    n <- 80
    x <- rnorm(n)
    list(description = "80 subjects, no censoring",
         time = round(rexp(n, 0.2 * exp(x)), 1) + 0.1, status = rep(1L, n),
         markers = list(a = round(x, 1), b = round(x + rnorm(n), 1)),
         directions = c(a = "<", b = "<"), times = c(1, 3, 6),
         concordance = HARRELL_UNO(3))
  },

  sim_grades = function() {
    ## 250 subjects, an integer grade 0..4 (heavy ties) against a continuous marker
    set.seed(20260106)
    n <- 250
    x <- rnorm(n)
    ev <- round(rexp(n, 0.1 * exp(0.9 * x)), 0) + 1
    ce <- round(rexp(n, 0.05), 0) + 1
    list(description = "250 subjects, integer times, a grade 0..4 vs a continuous marker",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(grade = pmin(pmax(round(x + 2 + 0.5 * rnorm(n)), 0), 4),
                        cont = x + rnorm(n)),
         directions = c(grade = "<", cont = "<"), times = c(3, 6, 10, 14),
         concordance = HARRELL_UNO(10))
  },

  sim_events_at_t = function() {
    ## evaluation times equal to observed times that hold events AND censorings
    set.seed(20260107)
    n <- 120
    x <- rnorm(n)
    ev <- ceiling(rexp(n, 0.12 * exp(0.5 * x)))
    ce <- ceiling(rexp(n, 0.1))
    time <- pmin(ev, ce)
    status <- as.integer(ev <= ce)
    both <- intersect(time[status == 1], time[status == 0])
    list(description = "120 subjects, integer times; each evaluation time holds tied events and censorings",
         time = time, status = status,
         markers = list(a = round(x, 1), b = round(rnorm(n), 1)),
         directions = c(a = "<", b = "<"), times = sort(both)[1:3],
         concordance = HARRELL_UNO(sort(both)[2]))
  },

  sim_three_markers = function() {
    ## 120 subjects, three markers (three contrasts)
    set.seed(20260108)
    n <- 120
    x <- rnorm(n)
    ev <- round(rexp(n, 0.1 * exp(x)), 1) + 0.1
    ce <- round(rexp(n, 0.05), 1) + 0.1
    list(description = "120 subjects, three markers (three pairwise contrasts)",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(a = round(x + 0.5 * rnorm(n), 1), b = round(x + rnorm(n), 1),
                        c = round(rnorm(n), 1)),
         directions = c(a = "<", b = "<", c = "<"), times = c(2, 5, 9))
  },

  sim_large = function() {
    ## 1500 subjects, continuous markers (no ties), about 40% censored
    set.seed(20260109)
    n <- 1500
    x <- rnorm(n)
    ev <- rexp(n, 0.1 * exp(0.7 * x))
    ce <- rexp(n, 0.06)
    list(description = "1500 subjects, continuous times and markers, ~40% censored",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(a = x + rnorm(n), b = x + 2 * rnorm(n)),
         directions = c(a = "<", b = "<"), times = c(1, 3, 6, 10),
         concordance = HARRELL_UNO(6))
  },

  sim_competing = function() {
    ## 200 subjects, two causes, ties in time and marker
    set.seed(20260110)
    n <- 200
    x <- rnorm(n)
    t1 <- round(rexp(n, 0.08 * exp(0.8 * x)), 0) + 1
    t2 <- round(rexp(n, 0.05 * exp(-0.3 * x)), 0) + 1
    ce <- round(rexp(n, 0.04), 0) + 1
    tt <- pmin(t1, t2, ce)
    list(description = "200 subjects, competing risks (two causes), integer times, cause 1",
         time = tt, status = ifelse(ce < pmin(t1, t2), 0L, ifelse(t1 <= t2, 1L, 2L)),
         markers = list(a = round(x, 1), b = round(x + rnorm(n), 1)),
         directions = c(a = "<", b = "<"), times = c(3, 6, 10, 15))
  },

  sim_competing_heavy = function() {
    ## 400 subjects, two causes, heavy censoring; cause 2 with the swap check
    set.seed(20260111)
    n <- 400
    x <- rnorm(n)
    t1 <- round(rexp(n, 0.05 * exp(0.6 * x)), 1) + 0.1
    t2 <- round(rexp(n, 0.05 * exp(-0.6 * x)), 1) + 0.1
    ce <- round(runif(n, 0, 20), 1) + 0.1
    tt <- pmin(t1, t2, ce)
    list(description = "400 subjects, competing risks, heavy censoring, cause 2",
         time = tt, status = ifelse(ce < pmin(t1, t2), 0L, ifelse(t1 <= t2, 1L, 2L)),
         markers = list(a = round(-x, 2), b = round(rnorm(n), 2)),
         directions = c(a = "<", b = "<"), times = c(2, 5, 10), cause = 2,
         swap_check = TRUE)
  },

  sim_km_conservative = function() {
    ## conservative = TRUE with Kaplan-Meier weights
    set.seed(20260112)
    n <- 150
    x <- rnorm(n)
    ev <- round(rexp(n, 0.1 * exp(0.8 * x)), 1) + 0.1
    ce <- round(rexp(n, 0.08), 1) + 0.1
    list(description = "150 subjects, Kaplan-Meier weights, conservative SE",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(a = round(x, 1), b = round(x + rnorm(n), 1)),
         directions = c(a = "<", b = "<"), times = c(2, 5, 8), conservative = TRUE)
  },

  sim_cox_censoring = function() {
    ## censoring that depends on two covariates; Cox censoring model, conservative SE
    set.seed(20260113)
    n <- 250
    z1 <- rnorm(n)
    z2 <- rbinom(n, 1, 0.5)
    x <- rnorm(n) + 0.5 * z1
    ev <- round(rexp(n, 0.08 * exp(0.7 * x)), 1) + 0.1
    ce <- round(rexp(n, 0.05 * exp(0.8 * z2 - 0.5 * z1)), 1) + 0.1
    list(description = "250 subjects, covariate-dependent censoring, Cox censoring model",
         time = pmin(ev, ce), status = as.integer(ev <= ce),
         markers = list(a = round(x, 1), b = round(x + rnorm(n), 1)),
         directions = c(a = "<", b = "<"), times = c(3, 6, 10),
         covariates = data.frame(z1 = z1, z2 = z2), conservative = TRUE)
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
  if (is.data.frame(x)) x <- lapply(as.list(x), I)
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

## ------------------------------------------------------------------------- run R
arrays <- function(res) {
  res[c("model", "times", "auc", "se")] <- lapply(res[c("model", "times", "auc", "se")], I)
  if (!is.null(res$contrasts)) res$contrasts <- lapply(res$contrasts, I)
  res
}

run_case <- function(name, builder) {
  d <- builder()
  cause <- if (is.null(d$cause)) 1L else as.integer(d$cause)
  conservative <- isTRUE(d$conservative)
  risks <- lapply(names(d$markers), function(m)
    if (d$directions[[m]] == ">") -d$markers[[m]] else d$markers[[m]])
  names(risks) <- names(d$markers)
  score <- rocstats_score_auc(d$time, d$status, risks, d$times, cause = cause,
                              covariates = d$covariates, conservative = conservative)
  out <- list(description = d$description,
              r_code = paste(deparse(body(builder), width.cutoff = 100L), collapse = "\n"),
              cause = cause, conservative = conservative,
              weighting = if (is.null(d$covariates)) "km" else "cox",
              times = I(as.numeric(d$times)),
              directions = as.list(d$directions),
              data = c(list(time = I(as.numeric(d$time)), status = I(as.integer(d$status))),
                       list(markers = lapply(d$markers, function(v) I(as.numeric(v)))),
                       if (!is.null(d$covariates))
                         list(covariates = lapply(as.list(d$covariates),
                                                  function(v) I(as.numeric(v))))),
              score = arrays(score))
  if (isTRUE(d$swap_check)) {
    swapped <- ifelse(d$status == 1, 2L, ifelse(d$status == 2, 1L, 0L))
    out$score_swapped <- arrays(rocstats_score_auc(d$time, swapped, risks, d$times,
                                                   cause = 3L - cause,
                                                   conservative = conservative))
  }
  if (!is.null(d$concordance)) {
    out$concordance <- lapply(d$concordance, function(spec) lapply(names(d$markers), function(m) {
      r <- rocstats_concordance(d$time, d$status, risks[[m]], spec$timewt, spec$ymax)
      list(marker = m, timewt = spec$timewt, ymax = spec$ymax,
           concordance = r$concordance, se = r$se,
           count = as.list(stats::setNames(r$count, r$count_names)))
    }))
    out$concordance <- do.call(c, out$concordance)
  }
  out
}

cases <- lapply(names(builders), function(nm) run_case(nm, builders[[nm]]))
names(cases) <- names(builders)

doc <- list(
  DO_NOT_EDIT = paste("Generated by validation/r/survival_cases.R, which sources",
                      "src/rocstats/r/survival_helpers.R (the same R code the live bridge",
                      "runs). Regenerate from the repository root with: Rscript",
                      "validation/r/survival_cases.R"),
  generator = "validation/r/survival_cases.R",
  r_helpers = "src/rocstats/r/survival_helpers.R",
  r_version = R.version.string,
  r_platform = R.version$platform,
  riskregression_version = as.character(utils::packageVersion("riskRegression")),
  survival_version = as.character(utils::packageVersion("survival")),
  prodlim_version = as.character(utils::packageVersion("prodlim")),
  generated = format(Sys.time(), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"),
  r_calls = I(c(
    "Score(list(<marker> = risk, ...), formula = Hist(time, status) ~ 1, data = d, times = times, metrics = \"auc\", se.fit = TRUE, contrasts = TRUE, null.model = FALSE, conservative = conservative, cens.model = \"km\" [, cause = cause])  # risk = marker, or -marker for direction '>'",
    "Score(..., formula = Hist(time, status) ~ z1 + z2, cens.model = \"cox\", conservative = TRUE)  # cases with covariates",
    "score_swapped: the same Score call on the data with event codes 1 and 2 swapped and the other cause",
    "concordance(Surv(time, status) ~ risk, data = d, reverse = TRUE, timewt = timewt [, ymax = ymax])  # se = sqrt(var)")),
  layout = paste("cases[name]: description, r_code (the builder), cause, conservative,",
                 "weighting, times, directions (marker -> '<' or '>'), data (time, status,",
                 "markers as measured, covariates), score (model, times, auc, se per",
                 "model x time; contrasts: model, reference, times, delta = AUC(model) -",
                 "AUC(reference), se, p), optionally score_swapped and concordance",
                 "(records: marker, timewt, ymax, concordance, se, count)."),
  cases = cases)

writeLines(to_json(doc), out_file)
cat("wrote", out_file, "\n")

## survival::pbc's columns of the README example as a CSV (exact doubles); the cases above
## carry their own copy of the same numbers (tests/survival/test_readme_survival.py checks
## that the two agree).
pbc_file <- file.path(repo_root, "validation", "results", "data", "pbc.csv")
p <- survival::pbc[, c("id", "time", "status", "bili", "albumin", "age")]
lines <- c(paste(names(p), collapse = ","),
           sprintf("%d,%.17g,%d,%.17g,%.17g,%.17g", p$id, p$time, p$status, p$bili,
                   p$albumin, p$age))
writeLines(lines, pbc_file)
side <- list(DO_NOT_EDIT = "written by validation/r/survival_cases.R",
             generator = "validation/r/survival_cases.R", file = "pbc.csv",
             source = paste("survival", as.character(utils::packageVersion("survival")),
                            "data(pbc): columns id, time, status, bili, albumin, age"),
             r_version = R.version.string, n = nrow(p),
             note = "status: 0 = censored, 1 = transplant, 2 = death; time in days")
writeLines(to_json(side), file.path(repo_root, "validation", "results", "data", "pbc.json"))
cat("wrote", pbc_file, "and its sidecar pbc.json\n")
