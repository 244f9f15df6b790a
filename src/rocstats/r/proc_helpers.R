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

## ------------------------------------------------------- partial AUC and smoothing (issue 11)
## Used by validation/r/proc_partial_cases.R (stored: validation/results/proc_partial.json)
## and by rocstats.r._proc.proc_partial / proc_smooth (live).  Unlike the helpers above,
## these take the direction explicitly ("<" or ">"; never "auto").

rocstats_proc_roc_dir <- function(response, predictor, control, case, direction) {
  pROC::roc(response = .rocstats_vec(response),
            predictor = as.numeric(.rocstats_vec(predictor)),
            levels = c(.rocstats_vec(control), .rocstats_vec(case)),
            direction = .rocstats_vec(direction), quiet = TRUE)
}

## Partial AUCs of a curve r (a roc or a smooth.roc object) for every range
## (lo[k], hi[k]), both focuses and both corrections:
##     auc(r, partial.auc = c(hi, lo), partial.auc.focus = focus, partial.auc.correct = correct)
## (pROC sorts partial.auc itself; rocstats' partial = (lo, hi)).  One record per call:
## lo, hi, focus, correct, value (NA where pROC gives NA) and the warnings of that call.
.rocstats_partials <- function(r, lo, hi) {
  lo <- as.numeric(.rocstats_vec(lo))
  hi <- as.numeric(.rocstats_vec(hi))
  out <- list()
  for (k in seq_along(lo)) for (focus in c("specificity", "sensitivity"))
    for (correct in c(FALSE, TRUE)) {
      res <- .rocstats_collect(as.numeric(pROC::auc(r, partial.auc = c(hi[k], lo[k]),
                                                    partial.auc.focus = focus,
                                                    partial.auc.correct = correct)))
      out[[length(out) + 1]] <- list(lo = lo[k], hi = hi[k], focus = focus,
                                     correct = correct, value = res$value,
                                     warnings = res$warnings)
    }
  out
}

## The empirical curve: auc(r) and its partial AUCs (.rocstats_partials).
rocstats_proc_partial <- function(response, predictor, control, case, direction, lo, hi) {
  res <- .rocstats_collect({
    r <- rocstats_proc_roc_dir(response, predictor, control, case, direction)
    list(auc = as.numeric(pROC::auc(r)), n_case = length(r$cases),
         n_control = length(r$controls), partial = .rocstats_partials(r, lo, hi))
  })
  c(res$value, list(warnings = res$warnings))
}

## The smoothed curve s <- smooth(r, method = method, n = n) (pROC's defaults otherwise:
## bw = "nrd0", gaussian kernel, cut 3): auc(s) (reuse.auc), s$specificities,
## s$sensitivities, the partial AUCs of s, and for "binormal" coef(s$model) = (a, b) of
## qnorm(sp) ~ qnorm(se); for "density" the bandwidth pROC computes,
## bw.nrd0(c(r$controls, r$cases)).
rocstats_proc_smooth <- function(response, predictor, control, case, direction, method,
                                 n, lo, hi) {
  res <- .rocstats_collect({
    r <- rocstats_proc_roc_dir(response, predictor, control, case, direction)
    s <- pROC::smooth(r, method = .rocstats_vec(method), n = as.integer(n))
    out <- list(auc = as.numeric(s$auc),
                specificities = as.numeric(s$specificities),
                sensitivities = as.numeric(s$sensitivities),
                partial = .rocstats_partials(s, lo, hi))
    if (method == "binormal") out$coefficients <- unname(as.numeric(coef(s$model)))
    if (method == "density") out$bw <- stats::bw.nrd0(c(r$controls, r$cases))
    out
  })
  c(res$value, list(warnings = res$warnings))
}

## ------------------------------------------------------------------ coords and ci.*
## (issue 11: rocstats.coords and the bootstrap intervals; stored results written by
## validation/r/proc_coords_cases.R, live calls by rocstats.r._proc.proc_coords /
## proc_ci_bootstrap.)  The ROC curve is built with the given direction ("<" or ">") by
## rocstats_proc_roc_dir (above).

## A coords() data frame as a named list of numeric columns (NA -> NaN on the Python side).
.rocstats_columns <- function(df) {
  df <- as.data.frame(df, check.names = FALSE)
  out <- lapply(seq_len(ncol(df)), function(j) as.numeric(df[[j]]))
  names(out) <- colnames(df)
  out
}

## coords(r, "all", ret = "all"); coords(r, "local maximas"); coords(r, "best") for both
## best.methods and each pair of best.weights (ret = "all"); coords at numeric x for the
## inputs "specificity", "sensitivity", "threshold", "fpr" and "tp" (ret = "all").
## weights: a numeric vector c(cost1, prevalence1, cost2, prevalence2, ...).
rocstats_proc_coords <- function(response, predictor, control, case, direction,
                                 x_specificity, x_sensitivity, x_threshold, x_fpr, x_tp,
                                 weights = c(1, 0.5, 2, 0.25, 0.5, 0.7)) {
  res <- .rocstats_collect({
    r <- rocstats_proc_roc_dir(response, predictor, control, case, direction)
    co <- function(x, ...) .rocstats_columns(pROC::coords(r, x, ..., transpose = FALSE))
    w <- matrix(as.numeric(.rocstats_vec(weights)), nrow = 2)
    best <- list()
    for (method in c("youden", "closest.topleft")) {
      for (k in seq_len(ncol(w))) {
        best[[length(best) + 1]] <- list(
          best_method = method, best_weights = w[, k],
          columns = co("best", best.method = method, best.weights = w[, k], ret = "all"))
      }
    }
    inputs <- list(specificity = x_specificity, sensitivity = x_sensitivity,
                   threshold = x_threshold, fpr = x_fpr, tp = x_tp)
    at <- lapply(names(inputs), function(input) {
      x <- as.numeric(.rocstats_vec(inputs[[input]]))
      list(x = x, columns = co(x, input = input, ret = "all"))
    })
    names(at) <- names(inputs)
    list(n_case = length(r$cases), n_control = length(r$controls),
         all = co("all", ret = "all"),
         local_maximas = co("local maximas", ret = c("threshold", "specificity",
                                                      "sensitivity")),
         best = best, inputs = at)
  })
  c(res$value, list(warnings = res$warnings))
}

## A ci() matrix (rows = points, columns = the three quantiles) as a list of columns.
.rocstats_ci_matrix <- function(m) {
  m <- unclass(as.matrix(m))
  list(lower = as.numeric(m[, 1]), median = as.numeric(m[, 2]), upper = as.numeric(m[, 3]))
}

## pROC's bootstrap intervals, each call preceded by set.seed(seed + k):
##   k = 0  ci.auc(r, method = "bootstrap")
##   k = 1  ci.se(r, specificities)            k = 2  ci.sp(r, sensitivities)
##   k = 3  ci.thresholds(r, thresholds = "local maximas")
##   k = 4  ci.coords(r, "best", ret = c("threshold", "specificity", "sensitivity"),
##                    best.policy = "random")
##   k = 5  ci.coords(r, x_specificity, input = "specificity",
##                    ret = c("sensitivity", "ppv", "npv", "accuracy"))
##   k = 6  ci.coords(r, x_threshold, input = "threshold",
##                    ret = c("specificity", "sensitivity", "ppv"))
##   k = 7  ci.auc(r, method = "bootstrap", reuse.auc = FALSE, partial.auc = partial,
##                 partial.auc.focus = focus, partial.auc.correct = correct)  (if partial)
## all with boot.n, boot.stratified = stratified, conf.level, progress = "none".
rocstats_proc_ci_bootstrap <- function(response, predictor, control, case, direction,
                                       seed, boot_n, stratified, specificities,
                                       sensitivities, x_specificity, x_threshold,
                                       partial = NULL, focus = "specificity",
                                       correct = FALSE, conf_level = 0.95) {
  res <- .rocstats_collect({
    r <- rocstats_proc_roc_dir(response, predictor, control, case, direction)
    common <- list(boot.n = as.integer(boot_n), boot.stratified = as.logical(stratified),
                   conf.level = conf_level, progress = "none")
    call <- function(k, f, ...) {
      set.seed(as.integer(seed) + k)
      do.call(f, c(list(r, ...), common))
    }
    a <- call(0, pROC::ci.auc, method = "bootstrap")
    se <- call(1, pROC::ci.se, specificities = as.numeric(.rocstats_vec(specificities)))
    sp <- call(2, pROC::ci.sp, sensitivities = as.numeric(.rocstats_vec(sensitivities)))
    th <- call(3, pROC::ci.thresholds, thresholds = "local maximas")
    cb <- call(4, pROC::ci.coords, x = "best",
               ret = c("threshold", "specificity", "sensitivity"), best.policy = "random")
    cs <- call(5, pROC::ci.coords, x = as.numeric(.rocstats_vec(x_specificity)),
               input = "specificity", ret = c("sensitivity", "ppv", "npv", "accuracy"))
    ct <- call(6, pROC::ci.coords, x = as.numeric(.rocstats_vec(x_threshold)),
               input = "threshold", ret = c("specificity", "sensitivity", "ppv"))
    coords_list <- function(cc) lapply(cc[names(cc)], .rocstats_ci_matrix)
    out <- list(
      seed = as.integer(seed), boot_n = as.integer(boot_n),
      stratified = as.logical(stratified), conf_level = conf_level,
      auc = list(estimate = as.numeric(attr(a, "auc")), lower = as.numeric(a[1]),
                 median = as.numeric(a[2]), upper = as.numeric(a[3])),
      se = c(list(specificities = as.numeric(attr(se, "specificities"))),
             .rocstats_ci_matrix(se)),
      sp = c(list(sensitivities = as.numeric(attr(sp, "sensitivities"))),
             .rocstats_ci_matrix(sp)),
      thresholds = list(thresholds = as.numeric(attr(th, "thresholds")),
                        specificity = .rocstats_ci_matrix(th$specificity),
                        sensitivity = .rocstats_ci_matrix(th$sensitivity)),
      coords_best = coords_list(cb),
      coords_specificity = c(list(x = as.numeric(.rocstats_vec(x_specificity))),
                             coords_list(cs)),
      coords_threshold = c(list(x = as.numeric(.rocstats_vec(x_threshold))),
                           coords_list(ct)))
    if (!is.null(partial)) {
      p <- call(7, pROC::ci.auc, method = "bootstrap", reuse.auc = FALSE,
                partial.auc = as.numeric(.rocstats_vec(partial)),
                partial.auc.focus = .rocstats_vec(focus),
                partial.auc.correct = as.logical(correct))
      out$partial_auc <- list(partial = as.numeric(.rocstats_vec(partial)),
                              focus = .rocstats_vec(focus), correct = as.logical(correct),
                              estimate = as.numeric(attr(p, "auc")),
                              lower = as.numeric(p[1]), median = as.numeric(p[2]),
                              upper = as.numeric(p[3]))
    }
    out
  })
  c(res$value, list(warnings = res$warnings))
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
