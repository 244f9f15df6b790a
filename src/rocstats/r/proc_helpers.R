## rocstats <-> pROC: the R code behind every pROC reference number.
##
## Sourced by BOTH
##   * validation/r/proc_cases.R  (writes the stored results validation/results/proc_results.py)
##   * rocstats.r._proc            (runs pROC live through rpy2)
## so the stored and the live paths run identical R code.  Only base R and pROC are used.
##
## Every ROC curve is built with explicit levels and direction:
##     roc(response, predictor, levels = c(control, case), direction = "<", quiet = TRUE)
## pROC's automatic direction (the default direction = "auto") is never used: it picks the
## direction that makes AUC >= 0.5 and so biases the AUC upwards (pROC issue #36).
##
## Alternatives are named as in rocstats ("two-sided", "greater", "less") and translated
## here to pROC's spelling.  Functions return plain named lists of numbers (NA for
## undefined values) plus the warnings pROC emitted, as character vectors.

rocstats_proc_versions <- function() {
  list(r_version = R.version.string,
       proc_version = as.character(utils::packageVersion("pROC")),
       platform = R.version$platform)
}

.rocstats_alternative <- function(alternative) {
  map <- c("two-sided" = "two.sided", "greater" = "greater", "less" = "less")
  if (!alternative %in% names(map))
    stop("alternative must be one of 'two-sided', 'greater', 'less', got ", alternative)
  unname(map[[alternative]])
}

## Evaluate expr, collecting (and silencing) warnings; returns list(value, warnings).
.rocstats_collect <- function(expr) {
  warns <- character(0)
  value <- withCallingHandlers(expr, warning = function(w) {
    warns <<- c(warns, conditionMessage(w))
    invokeRestart("muffleWarning")
  })
  list(value = value, warnings = unique(warns))
}

## Arrays arriving from numpy (rpy2) carry a dim attribute; make them plain vectors.
.rocstats_vec <- function(x) as.vector(x)

rocstats_proc_roc <- function(response, predictor, control, case) {
  pROC::roc(response = .rocstats_vec(response),
            predictor = as.numeric(.rocstats_vec(predictor)),
            levels = c(.rocstats_vec(control), .rocstats_vec(case)),
            direction = "<", quiet = TRUE)
}

## The optimal threshold: coords(r, "best", best.method = method) with the default
## best.weights; the first row (pROC's order) and the number of tied rows.
.rocstats_best <- function(r, method, prefix) {
  cb <- pROC::coords(r, "best", best.method = method, transpose = FALSE,
                     ret = c("threshold", "sensitivity", "specificity"))
  out <- list(as.numeric(cb$threshold[1]), as.numeric(cb$sensitivity[1]),
              as.numeric(cb$specificity[1]), nrow(cb))
  names(out) <- paste0(prefix, c("_threshold", "_se", "_sp", "_ties"))
  out
}

## One score: auc(r), var(r, method = "delong"), ci.auc(r, method = "delong"), and
## coords(r, "best") for best.method = "youden" and "closest.topleft".
rocstats_proc_single <- function(response, predictor, control, case, conf_level = 0.95) {
  res <- .rocstats_collect({
    r <- rocstats_proc_roc(response, predictor, control, case)
    ci <- pROC::ci.auc(r, conf.level = conf_level, method = "delong")
    c(list(auc = as.numeric(pROC::auc(r)),
           var = as.numeric(pROC::var(r, method = "delong")),
           ci_lower = as.numeric(ci[1]),
           ci_upper = as.numeric(ci[3]),
           conf_level = conf_level,
           n_case = length(r$cases),
           n_control = length(r$controls)),
      .rocstats_best(r, "youden", "best_youden"),
      .rocstats_best(r, "closest.topleft", "best_topleft"))
  })
  c(res$value, list(warnings = res$warnings))
}

## Two scores of the same subjects: cov(r1, r2, method = "delong") and, per alternative,
## roc.test(r1, r2, method = "delong", paired = TRUE): statistic (Z), p.value, conf.int.
rocstats_proc_paired <- function(response, predictor_a, predictor_b, control, case,
                                 alternatives = c("two-sided", "greater", "less"),
                                 conf_level = 0.95) {
  res <- .rocstats_collect({
    ra <- rocstats_proc_roc(response, predictor_a, control, case)
    rb <- rocstats_proc_roc(response, predictor_b, control, case)
    tests <- lapply(.rocstats_vec(alternatives), function(alt) {
      t <- pROC::roc.test(ra, rb, method = "delong", paired = TRUE,
                          alternative = .rocstats_alternative(alt), conf.level = conf_level)
      list(statistic = unname(as.numeric(t$statistic)),
           p_value = as.numeric(t$p.value),
           conf_lower = as.numeric(t$conf.int[1]),
           conf_upper = as.numeric(t$conf.int[2]),
           conf_level = conf_level)
    })
    names(tests) <- .rocstats_vec(alternatives)
    list(auc_a = as.numeric(pROC::auc(ra)), auc_b = as.numeric(pROC::auc(rb)),
         cov = as.numeric(pROC::cov(ra, rb, method = "delong")),
         tests = tests)
  })
  c(res$value, list(warnings = res$warnings))
}

## Two independent samples: roc.test(r1, r2, method = "delong", paired = FALSE):
## statistic (D), parameter (df), p.value.
rocstats_proc_unpaired <- function(response_a, predictor_a, response_b, predictor_b,
                                   control, case,
                                   alternatives = c("two-sided", "greater", "less")) {
  res <- .rocstats_collect({
    ra <- rocstats_proc_roc(response_a, predictor_a, control, case)
    rb <- rocstats_proc_roc(response_b, predictor_b, control, case)
    tests <- lapply(.rocstats_vec(alternatives), function(alt) {
      t <- pROC::roc.test(ra, rb, method = "delong", paired = FALSE,
                          alternative = .rocstats_alternative(alt))
      list(statistic = unname(as.numeric(t$statistic)),
           df = unname(as.numeric(t$parameter)),
           p_value = as.numeric(t$p.value))
    })
    names(tests) <- .rocstats_vec(alternatives)
    list(auc_a = as.numeric(pROC::auc(ra)), auc_b = as.numeric(pROC::auc(rb)),
         tests = tests)
  })
  c(res$value, list(warnings = res$warnings))
}

## A paired case: every score alone, then every listed pair (the layout of the stored
## results; the live harness builds the same layout from rocstats_proc_single and
## rocstats_proc_paired, called one by one through the bridge).
## scores: named list of numeric vectors; pairs: list of c(name_a, name_b).
rocstats_proc_case <- function(response, scores, control, case, pairs = list(),
                               alternatives = c("two-sided", "greater", "less"),
                               conf_level = 0.95) {
  single <- lapply(scores, function(s)
    rocstats_proc_single(response, s, control, case, conf_level))
  paired <- lapply(pairs, function(p) {
    p <- .rocstats_vec(p)
    c(list(a = p[1], b = p[2]),
      rocstats_proc_paired(response, scores[[p[1]]], scores[[p[2]]], control, case,
                           alternatives, conf_level))
  })
  list(single = single, paired = paired)
}

## An unpaired case: each sample alone, then the unpaired test.
rocstats_proc_unpaired_case <- function(response_a, predictor_a, response_b, predictor_b,
                                        control, case,
                                        alternatives = c("two-sided", "greater", "less"),
                                        conf_level = 0.95) {
  list(single = list(a = rocstats_proc_single(response_a, predictor_a, control, case,
                                              conf_level),
                     b = rocstats_proc_single(response_b, predictor_b, control, case,
                                              conf_level)),
       test = rocstats_proc_unpaired(response_a, predictor_a, response_b, predictor_b,
                                     control, case, alternatives))
}

## ------------------------------------------------------------------- power.roc.test
## Power and sample size (pROC's power.roc.test: Obuchowski, Lieber & Wians 2004 for one
## curve, Obuchowski & McClish 1997 for two paired curves), behind rocstats.power_roc_test
## and rocstats.power_roc_test_paired.  A quantity passed as NA (Python None -> NaN) is
## handed to pROC as NULL: the quantity to solve for.  Alternatives are rocstats' names
## "two-sided" / "one-sided" (pROC's "two.sided" / "one.sided").  Each function returns
## the design (ncases, ncontrols, sig_level, power and the AUC(s)) as plain numbers.

.rocstats_null <- function(x) {
  x <- .rocstats_vec(x)
  if (is.null(x) || (length(x) == 1 && is.na(x))) NULL else as.numeric(x)
}

.rocstats_power_alternative <- function(alternative) {
  map <- c("two-sided" = "two.sided", "one-sided" = "one.sided")
  if (!alternative %in% names(map))
    stop("alternative must be 'two-sided' or 'one-sided', got ", alternative)
  unname(map[[alternative]])
}

.rocstats_power_design <- function(p) {
  list(ncases = as.numeric(p$ncases), ncontrols = as.numeric(p$ncontrols),
       sig_level = as.numeric(p$sig.level), power = as.numeric(p$power))
}

## One curve with a given AUC: power.roc.test(auc = , ncases = , ncontrols = , kappa = ,
## sig.level = , power = , alternative = ).  The numeric method is called directly,
## because the generic cannot dispatch when its first argument (auc) is NULL.
rocstats_proc_power_numeric <- function(auc = NA, ncases = NA, ncontrols = NA, kappa = 1,
                                        sig_level = 0.05, power = NA,
                                        alternative = "two-sided") {
  res <- .rocstats_collect({
    p <- pROC:::power.roc.test.numeric(
      auc = .rocstats_null(auc), ncontrols = .rocstats_null(ncontrols),
      ncases = .rocstats_null(ncases), sig.level = .rocstats_null(sig_level),
      power = .rocstats_null(power), kappa = .rocstats_null(kappa),
      alternative = .rocstats_power_alternative(alternative))
    c(list(auc = as.numeric(p$auc)), .rocstats_power_design(p))
  })
  c(res$value, list(warnings = res$warnings))
}

## One curve from pilot data: power.roc.test(roc(...), sig.level = , power = , kappa = ,
## alternative = ) (pROC uses the pilot's AUC and class counts).
rocstats_proc_power_roc <- function(response, predictor, control, case, sig_level = 0.05,
                                    power = NA, kappa = NA, alternative = "two-sided") {
  res <- .rocstats_collect({
    r <- rocstats_proc_roc(response, predictor, control, case)
    p <- pROC::power.roc.test(r, sig.level = .rocstats_null(sig_level),
                              power = .rocstats_null(power), kappa = .rocstats_null(kappa),
                              alternative = .rocstats_power_alternative(alternative))
    c(list(auc = as.numeric(p$auc)), .rocstats_power_design(p))
  })
  c(res$value, list(warnings = res$warnings))
}

## Two paired curves from pilot data: power.roc.test(roc1, roc2, sig.level = , power = ,
## kappa = , alternative = , method = ).  Also returns what pROC computes on the way:
## per-case variances and covariance (pROC:::covvar, i.e. var / cov times the number of
## cases), the binormal fits coef(smooth(r, method = "binormal")$model) (A = intercept,
## B = slope) and the correlations cor(cases_a, cases_b), cor(controls_a, controls_b).
rocstats_proc_power_paired <- function(response, predictor_a, predictor_b, control, case,
                                       sig_level = 0.05, power = NA, kappa = NA,
                                       alternative = "two-sided", method = "obuchowski") {
  res <- .rocstats_collect({
    ra <- rocstats_proc_roc(response, predictor_a, control, case)
    rb <- rocstats_proc_roc(response, predictor_b, control, case)
    p <- pROC::power.roc.test(ra, rb, sig.level = .rocstats_null(sig_level),
                              power = .rocstats_null(power), kappa = .rocstats_null(kappa),
                              alternative = .rocstats_power_alternative(alternative),
                              method = method)
    cv <- pROC:::covvar(ra, rb, method)
    fit_a <- unname(coef(pROC::smooth(ra, method = "binormal")$model))
    fit_b <- unname(coef(pROC::smooth(rb, method = "binormal")$model))
    c(list(auc_a = as.numeric(p$auc1), auc_b = as.numeric(p$auc2)),
      .rocstats_power_design(p),
      list(var_a = as.numeric(cv$var1), var_b = as.numeric(cv$var2),
           cov_ab = as.numeric(cv$cov12),
           A_a = fit_a[1], B_a = fit_a[2], A_b = fit_b[1], B_b = fit_b[2],
           r_cases = cor(ra$cases, rb$cases), r_controls = cor(ra$controls, rb$controls)))
  })
  c(res$value, list(warnings = res$warnings))
}

## Two paired curves from binormal parameters (full AUC): power.roc.test(list(A1 = , B1 = ,
## A2 = , B2 = , rn = , ra = , delta = ), ncases = , ncontrols = , kappa = , sig.level = ,
## power = , alternative = ).
rocstats_proc_power_list <- function(A1, B1, A2, B2, rn, ra, delta, ncases = NA,
                                     ncontrols = NA, kappa = 1, sig_level = 0.05,
                                     power = NA, alternative = "two-sided") {
  res <- .rocstats_collect({
    pars <- list(A1 = A1, B1 = B1, A2 = A2, B2 = B2, rn = rn, ra = ra, delta = delta)
    p <- pROC::power.roc.test(pars, ncases = .rocstats_null(ncases),
                              ncontrols = .rocstats_null(ncontrols),
                              kappa = .rocstats_null(kappa),
                              sig.level = .rocstats_null(sig_level),
                              power = .rocstats_null(power),
                              alternative = .rocstats_power_alternative(alternative))
    .rocstats_power_design(p)
  })
  c(res$value, list(warnings = res$warnings))
}
