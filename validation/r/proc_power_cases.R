## Run pROC's power.roc.test on the named power / sample-size cases and write the stored
## reference results validation/results/proc_power.json (DO NOT EDIT by hand).
##
## Usage (from the repository root):
##     Rscript validation/r/proc_power_cases.R
##
## The pROC calls live in src/rocstats/r/proc_helpers.R (rocstats_proc_power_numeric,
## rocstats_proc_power_roc, rocstats_proc_power_paired, rocstats_proc_power_list), which
## the live rpy2 bridge sources too: stored and live numbers come from the same R code.
## Pilot data are stored in full precision (sprintf("%.17g")) so that Python sees the
## same doubles.  An argument stored as null is the quantity pROC solves for.

suppressPackageStartupMessages(library(pROC))

source(file.path(local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) dirname(sub("^--file=", "", arg[1])) else file.path("validation", "r")
}), "_repo.R"))
repo_root <- rocstats_repo_root
rocstats_source_helpers("proc_helpers.R")
out_file <- file.path(repo_root, "validation", "results", "proc_power.json")

## ------------------------------------------------------------------------ pilot data
pilot_data <- local({
  data("aSAH", package = "pROC", envir = environment())
  set.seed(20260412)
  ## 60 cases, 90 controls; two correlated readers (rho 0.5 in both classes) whose
  ## scores are rounded to one decimal: many ties within and across classes.
  y <- sample(rep(c(1L, 0L), c(60, 90)))
  z1 <- rnorm(length(y))
  z2 <- 0.5 * z1 + sqrt(1 - 0.5^2) * rnorm(length(y))
  list(
    asah = list(description = paste("pROC's aSAH data set (41 Poor = cases, 72 Good =",
                                    "controls): s100b, ndka, wfns (heavy ties)"),
                control = "Good", case = "Poor", y = as.character(aSAH$outcome),
                scores = list(s100b = aSAH$s100b, ndka = aSAH$ndka,
                              wfns = as.numeric(as.character(aSAH$wfns)))),
    ties = list(description = paste("set.seed(20260412): 60 cases, 90 controls, two readers",
                                    "(correlation 0.5), scores rounded to 0.1 (ties)"),
                control = 0L, case = 1L, y = y,
                scores = list(a = round(z1 + 1.0 * y, 1), b = round(z2 * 1.3 + 0.6 * y, 1)))
  )
})

NUMERIC <- list(
  list(name = "proc_example_power", auc = 0.73, ncases = 41, ncontrols = 72,
       sig_level = 0.05, power = NA, kappa = NA, alternative = "two-sided"),
  list(name = "power_one_sided", auc = 0.73, ncases = 41, ncontrols = 72,
       sig_level = 0.05, power = NA, kappa = NA, alternative = "one-sided"),
  list(name = "power_ncases_kappa", auc = 0.68, ncases = 30, ncontrols = NA,
       sig_level = 0.01, power = NA, kappa = 2, alternative = "two-sided"),
  list(name = "power_ncontrols_kappa", auc = 0.81, ncases = NA, ncontrols = 40,
       sig_level = 0.05, power = NA, kappa = 0.5, alternative = "one-sided"),
  list(name = "power_auc_below_half", auc = 0.3, ncases = 50, ncontrols = 50,
       sig_level = 0.05, power = NA, kappa = NA, alternative = "two-sided"),
  list(name = "proc_example_ncases", auc = 0.73, ncases = NA, ncontrols = NA,
       sig_level = 0.05, power = 0.95, kappa = 1.7, alternative = "two-sided"),
  list(name = "obuchowski2004_table4", auc = 0.7, ncases = NA, ncontrols = NA,
       sig_level = 0.05, power = 0.9, kappa = 1, alternative = "one-sided"),
  list(name = "ncases_kappa_quarter", auc = 0.85, ncases = NA, ncontrols = NA,
       sig_level = 0.05, power = 0.8, kappa = 0.25, alternative = "two-sided"),
  list(name = "proc_example_sig_level", auc = 0.73, ncases = 41, ncontrols = 72,
       sig_level = NA, power = 0.95, kappa = NA, alternative = "two-sided"),
  list(name = "sig_level_one_sided", auc = 0.8, ncases = 30, ncontrols = 60,
       sig_level = NA, power = 0.9, kappa = NA, alternative = "one-sided"),
  list(name = "proc_example_auc", auc = NA, ncases = 41, ncontrols = 72,
       sig_level = 0.05, power = 0.95, kappa = NA, alternative = "two-sided"),
  list(name = "auc_one_sided", auc = NA, ncases = 20, ncontrols = 20,
       sig_level = 0.05, power = 0.8, kappa = NA, alternative = "one-sided"),
  list(name = "auc_sig_001", auc = NA, ncases = 100, ncontrols = 50,
       sig_level = 0.01, power = 0.9, kappa = NA, alternative = "two-sided")
)

ROC <- list(
  list(name = "asah_s100b_power", data = "asah", score = "s100b", sig_level = 0.05,
       power = NA, kappa = NA, alternative = "two-sided"),
  list(name = "asah_s100b_power_one_sided", data = "asah", score = "s100b",
       sig_level = 0.05, power = NA, kappa = NA, alternative = "one-sided"),
  list(name = "asah_s100b_ncases", data = "asah", score = "s100b", sig_level = 0.05,
       power = 0.9, kappa = NA, alternative = "two-sided"),
  list(name = "asah_s100b_ncases_kappa1", data = "asah", score = "s100b",
       sig_level = 0.05, power = 0.9, kappa = 1, alternative = "two-sided"),
  list(name = "asah_ndka_sig_level", data = "asah", score = "ndka", sig_level = NA,
       power = 0.9, kappa = NA, alternative = "two-sided"),
  list(name = "asah_wfns_ncases_one_sided", data = "asah", score = "wfns",
       sig_level = 0.05, power = 0.8, kappa = NA, alternative = "one-sided"),
  list(name = "ties_a_power", data = "ties", score = "a", sig_level = 0.05, power = NA,
       kappa = NA, alternative = "two-sided"),
  list(name = "ties_b_ncases", data = "ties", score = "b", sig_level = 0.01, power = 0.9,
       kappa = NA, alternative = "two-sided"),
  list(name = "ties_b_sig_level", data = "ties", score = "b", sig_level = NA, power = 0.95,
       kappa = NA, alternative = "one-sided")
)

PAIRED <- list()
for (method in c("obuchowski", "delong")) {
  PAIRED <- c(PAIRED, list(
    list(name = paste0("asah_ndka_wfns_power_", method), data = "asah", a = "ndka",
         b = "wfns", sig_level = 0.05, power = NA, alternative = "two-sided", method = method),
    list(name = paste0("asah_ndka_wfns_ncases_", method), data = "asah", a = "ndka",
         b = "wfns", sig_level = 0.05, power = 0.9, alternative = "two-sided", method = method),
    list(name = paste0("asah_ndka_wfns_sig_level_", method), data = "asah", a = "ndka",
         b = "wfns", sig_level = NA, power = 0.9, alternative = "two-sided", method = method),
    list(name = paste0("asah_wfns_ndka_ncases_", method), data = "asah", a = "wfns",
         b = "ndka", sig_level = 0.05, power = 0.9, alternative = "two-sided", method = method),
    list(name = paste0("asah_s100b_ndka_ncases_one_sided_", method), data = "asah",
         a = "s100b", b = "ndka", sig_level = 0.05, power = 0.8, alternative = "one-sided",
         method = method),
    list(name = paste0("asah_s100b_wfns_power_one_sided_", method), data = "asah",
         a = "s100b", b = "wfns", sig_level = 0.05, power = NA, alternative = "one-sided",
         method = method),
    list(name = paste0("ties_power_", method), data = "ties", a = "a", b = "b",
         sig_level = 0.05, power = NA, alternative = "two-sided", method = method),
    list(name = paste0("ties_ncases_", method), data = "ties", a = "a", b = "b",
         sig_level = 0.05, power = 0.8, alternative = "two-sided", method = method),
    list(name = paste0("ties_sig_level_one_sided_", method), data = "ties", a = "a",
         b = "b", sig_level = NA, power = 0.8, alternative = "one-sided", method = method)
  ))
}

## The list form (binormal parameters given): pROC's issue #122 design in both orders,
## unequal B, kappa != 1, every solve mode; delta = AUC_1 - AUC_2 of the binormal curves.
binormal_delta <- function(A1, B1, A2, B2) pnorm(A1 / sqrt(1 + B1^2)) - pnorm(A2 / sqrt(1 + B2^2))
LIST <- list(
  list(name = "issue122_A1_1_A2_2_ncases", A1 = 1, B1 = 1, A2 = 2, B2 = 1, rn = 0.5,
       ra = 0.5, ncases = NA, ncontrols = NA, kappa = 1, sig_level = 0.05, power = 0.8,
       alternative = "two-sided"),
  list(name = "issue122_A1_2_A2_1_ncases", A1 = 2, B1 = 1, A2 = 1, B2 = 1, rn = 0.5,
       ra = 0.5, ncases = NA, ncontrols = NA, kappa = 1, sig_level = 0.05, power = 0.8,
       alternative = "two-sided"),
  list(name = "unequal_b_ncases_kappa2", A1 = 1.2, B1 = 0.6, A2 = 0.9, B2 = 1.3,
       rn = 0.6, ra = 0.4, ncases = NA, ncontrols = NA, kappa = 2, sig_level = 0.05,
       power = 0.9, alternative = "one-sided"),
  list(name = "unequal_b_power", A1 = 1.2, B1 = 0.6, A2 = 0.9, B2 = 1.3, rn = 0.6,
       ra = 0.4, ncases = 60, ncontrols = 90, kappa = NA, sig_level = 0.05, power = NA,
       alternative = "two-sided"),
  list(name = "power_ncases_kappa_half", A1 = 1.5, B1 = 1.1, A2 = 1.0, B2 = 0.9,
       rn = 0.3, ra = 0.7, ncases = 80, ncontrols = NA, kappa = 0.5, sig_level = 0.01,
       power = NA, alternative = "one-sided"),
  list(name = "sig_level", A1 = 1.5, B1 = 1.1, A2 = 1.0, B2 = 0.9, rn = 0.3, ra = 0.7,
       ncases = 150, ncontrols = 150, kappa = NA, sig_level = NA, power = 0.8,
       alternative = "two-sided")
)
## The same from the binormal fits of pilot data with another kappa than the pilot's
## (rocstats takes the variances at kappa; pROC's roc form keeps the pilot's ratio, its
## list form does not).
LIST_FROM_PILOT <- list(
  list(name = "asah_ndka_wfns_kappa1_ncases", data = "asah", a = "ndka", b = "wfns",
       ncases = NA, ncontrols = NA, kappa = 1, sig_level = 0.05, power = 0.9,
       alternative = "two-sided"),
  list(name = "asah_s100b_wfns_planned_power", data = "asah", a = "s100b", b = "wfns",
       ncases = 100, ncontrols = 300, kappa = NA, sig_level = 0.05, power = NA,
       alternative = "two-sided"),
  list(name = "ties_kappa_half_sig_level", data = "ties", a = "a", b = "b",
       ncases = 200, ncontrols = 100, kappa = NA, sig_level = NA, power = 0.8,
       alternative = "one-sided")
)

## ----------------------------------------------------------------------- run pROC
strip_warnings <- function(res) {
  if (length(res$warnings)) stop("pROC warned: ", paste(res$warnings, collapse = "; "))
  res$warnings <- NULL
  res
}
args_of <- function(case, keys) case[intersect(keys, names(case))]

numeric_results <- lapply(NUMERIC, function(cs) {
  kappa <- if (is.na(cs$kappa)) 1 else cs$kappa        # pROC's default kappa = 1
  res <- strip_warnings(rocstats_proc_power_numeric(
    auc = cs$auc, ncases = cs$ncases, ncontrols = cs$ncontrols, kappa = kappa,
    sig_level = cs$sig_level, power = cs$power, alternative = cs$alternative))
  list(name = cs$name,
       args = args_of(cs, c("auc", "ncases", "ncontrols", "kappa", "sig_level", "power",
                            "alternative")),
       result = res)
})

roc_results <- lapply(ROC, function(cs) {
  d <- pilot_data[[cs$data]]
  res <- strip_warnings(rocstats_proc_power_roc(d$y, d$scores[[cs$score]], d$control,
                                                d$case, sig_level = cs$sig_level,
                                                power = cs$power, kappa = cs$kappa,
                                                alternative = cs$alternative))
  list(name = cs$name, data = cs$data, score = cs$score,
       args = args_of(cs, c("sig_level", "power", "kappa", "alternative")), result = res)
})

paired_results <- lapply(PAIRED, function(cs) {
  d <- pilot_data[[cs$data]]
  res <- strip_warnings(rocstats_proc_power_paired(
    d$y, d$scores[[cs$a]], d$scores[[cs$b]], d$control, d$case, sig_level = cs$sig_level,
    power = cs$power, kappa = NA, alternative = cs$alternative, method = cs$method))
  list(name = cs$name, data = cs$data, a = cs$a, b = cs$b,
       args = args_of(cs, c("sig_level", "power", "alternative", "method")), result = res)
})

list_results <- lapply(LIST, function(cs) {
  delta <- binormal_delta(cs$A1, cs$B1, cs$A2, cs$B2)
  res <- strip_warnings(rocstats_proc_power_list(
    cs$A1, cs$B1, cs$A2, cs$B2, cs$rn, cs$ra, delta, ncases = cs$ncases,
    ncontrols = cs$ncontrols, kappa = cs$kappa, sig_level = cs$sig_level, power = cs$power,
    alternative = cs$alternative))
  list(name = cs$name,
       params = list(A1 = cs$A1, B1 = cs$B1, A2 = cs$A2, B2 = cs$B2, rn = cs$rn,
                     ra = cs$ra, delta = delta),
       args = args_of(cs, c("ncases", "ncontrols", "kappa", "sig_level", "power",
                            "alternative")),
       result = res)
})

list_pilot_results <- lapply(LIST_FROM_PILOT, function(cs) {
  d <- pilot_data[[cs$data]]
  ra_ <- rocstats_proc_roc(d$y, d$scores[[cs$a]], d$control, d$case)
  rb_ <- rocstats_proc_roc(d$y, d$scores[[cs$b]], d$control, d$case)
  fa <- unname(coef(pROC::smooth(ra_, method = "binormal")$model))
  fb <- unname(coef(pROC::smooth(rb_, method = "binormal")$model))
  delta <- as.numeric(pROC::auc(ra_)) - as.numeric(pROC::auc(rb_))
  rcases <- cor(ra_$cases, rb_$cases)
  rcontrols <- cor(ra_$controls, rb_$controls)
  res <- strip_warnings(rocstats_proc_power_list(
    fa[1], fa[2], fb[1], fb[2], rcontrols, rcases, delta, ncases = cs$ncases,
    ncontrols = cs$ncontrols, kappa = cs$kappa, sig_level = cs$sig_level,
    power = cs$power, alternative = cs$alternative))
  list(name = cs$name, data = cs$data, a = cs$a, b = cs$b,
       params = list(A1 = fa[1], B1 = fa[2], A2 = fb[1], B2 = fb[2], rn = rcontrols,
                     ra = rcases, delta = delta),
       args = args_of(cs, c("ncases", "ncontrols", "kappa", "sig_level", "power",
                            "alternative")),
       result = res)
})

## ------------------------------------------------------------------ JSON (by hand)
## Doubles keep 17 significant digits (round-trip exact); NA -> null; vectors marked
## jarray() are always arrays, other length-1 vectors scalars.
jarray <- function(x) structure(x, class = c("jarray", class(x)))
json_str <- function(s) {
  s <- gsub("\\\\", "\\\\\\\\", s)
  s <- gsub("\"", "\\\\\"", s)
  s <- gsub("\n", "\\\\n", s)
  paste0("\"", s, "\"")
}
json_atom <- function(x) {
  if (is.character(x)) return(ifelse(is.na(x), "null", json_str(x)))
  if (is.logical(x)) return(ifelse(is.na(x), "null", ifelse(x, "true", "false")))
  if (is.integer(x)) return(ifelse(is.na(x), "null", sprintf("%d", x)))
  if (any(is.infinite(x))) stop("infinite value in the results")
  out <- sprintf("%.17g", x)
  out[is.na(x)] <- "null"
  out
}
json_value <- function(x, indent = 0) {
  pad <- strrep(" ", indent + 1)
  if (is.null(x)) return("null")
  if (inherits(x, "jarray")) {
    atoms <- json_atom(unclass(x))
    lines <- vapply(split(atoms, ceiling(seq_along(atoms) / 6)),
                    function(a) paste(a, collapse = ", "), "")
    return(paste0("[\n", paste0(pad, lines, collapse = ",\n"), "\n", strrep(" ", indent), "]"))
  }
  if (is.list(x)) {
    if (!length(x)) return(if (is.null(names(x))) "[]" else "{}")
    if (is.null(names(x))) {
      items <- vapply(x, function(v) json_value(v, indent + 1), "")
      return(paste0("[\n", paste0(pad, items, collapse = ",\n"), "\n", strrep(" ", indent), "]"))
    }
    items <- vapply(seq_along(x), function(i)
      paste0(json_str(names(x)[i]), ": ", json_value(x[[i]], indent + 1)), "")
    return(paste0("{\n", paste0(pad, items, collapse = ",\n"), "\n", strrep(" ", indent), "}"))
  }
  if (length(x) != 1) return(json_value(jarray(x), indent))
  json_atom(x)
}

versions <- rocstats_proc_versions()
r_calls <- c(
  'r <- roc(response, predictor, levels = c(control, case), direction = "<", quiet = TRUE)',
  '"numeric": pROC:::power.roc.test.numeric(auc = , ncases = , ncontrols = , kappa = , sig.level = , power = , alternative = )  # = power.roc.test(...) for numeric input; kappa = 1 when not given',
  '"roc":     power.roc.test(r, sig.level = , power = , kappa = , alternative = )',
  '"paired":  power.roc.test(r_a, r_b, sig.level = , power = , alternative = , method = )  # kappa = NULL (the pilot ratio); also pROC:::covvar(r_a, r_b, method) (var_a, var_b, cov_ab), coef(smooth(r, method = "binormal")$model) (A, B) and cor() of cases / controls',
  '"list":    power.roc.test(list(A1 = , B1 = , A2 = , B2 = , rn = , ra = , delta = ), ncases = , ncontrols = , kappa = , sig.level = , power = , alternative = )  # delta = pnorm(A1 / sqrt(1 + B1^2)) - pnorm(A2 / sqrt(1 + B2^2))',
  '"list_from_pilot": the list form with A, B = coef(smooth(r, method = "binormal")$model), rn = cor(r_a$controls, r_b$controls), ra = cor(r_a$cases, r_b$cases), delta = auc(r_a) - auc(r_b)',
  'A null argument is the quantity solved for (passed to pROC as NULL); alternatives "two-sided" / "one-sided" are pROC\'s "two.sided" / "one.sided".'
)

doc <- list(
  DO_NOT_EDIT = paste("Generated by validation/r/proc_power_cases.R, which sources",
                      "src/rocstats/r/proc_helpers.R (the R code the live rpy2 bridge runs).",
                      "Regenerate from the repository root with: Rscript",
                      "validation/r/proc_power_cases.R"),
  r_calls = jarray(r_calls),
  generator = "validation/r/proc_power_cases.R",
  r_helpers = "src/rocstats/r/proc_helpers.R",
  r_version = versions$r_version,
  r_platform = versions$platform,
  proc_version = versions$proc_version,
  generated = format(Sys.time(), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"),
  numeric = numeric_results,
  roc = roc_results,
  paired = paired_results,
  list = list_results,
  list_from_pilot = list_pilot_results,
  data = lapply(pilot_data, function(d)
    list(description = d$description, control = d$control, case = d$case,
         y = jarray(d$y), scores = lapply(d$scores, jarray)))
)
writeLines(json_value(doc), out_file)
cat("wrote", out_file, "\n")
