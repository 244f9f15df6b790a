## pROC 1.18 roc.test() calls behind validation/results/proc_roctest.json, sourced both by
## validation/r/proc_roctest_cases.R (stored results) and by the live rpy2 comparison
## (rocstats_validation.proc_roctest.proc_now): stored and live numbers come from this code.
suppressPackageStartupMessages(library(pROC))

## Paired: roc.test() of two scores of the same cases, every method.  Each random
## method runs after its own set.seed(seed + k), so a method can be re-run alone.
roctest_paired <- function(y, a, b, control, case, seed, boot_n, specificity,
                           sensitivity, partial_from, partial_to) {
  r1 <- roc(y, a, levels = c(control, case), direction = "<", quiet = TRUE)
  r2 <- roc(y, b, levels = c(control, case), direction = "<", quiet = TRUE)
  out <- list()
  t <- roc.test(r1, r2, method = "delong", paired = TRUE)
  out$delong <- list(statistic = unname(t$statistic), p_value = t$p.value,
                     conf_lower = t$conf.int[1], conf_upper = t$conf.int[2],
                     auc_a = as.numeric(auc(r1)), auc_b = as.numeric(auc(r2)))
  set.seed(seed + 1)
  t <- roc.test(r1, r2, method = "bootstrap", boot.n = boot_n, paired = TRUE,
                progress = "none")
  out$bootstrap <- list(statistic = unname(t$statistic), p_value = t$p.value)
  set.seed(seed + 2)
  t <- roc.test(r1, r2, method = "venkatraman", boot.n = boot_n, paired = TRUE,
                progress = "none")
  out$venkatraman <- list(statistic = unname(t$statistic), p_value = t$p.value)
  set.seed(seed + 3)
  t <- roc.test(r1, r2, method = "specificity", specificity = specificity,
                boot.n = boot_n, paired = TRUE, progress = "none")
  out$specificity <- list(
    statistic = unname(t$statistic), p_value = t$p.value, x = specificity,
    value_a = coords(r1, specificity, input = "specificity", ret = "sensitivity",
                     transpose = FALSE)[1, 1],
    value_b = coords(r2, specificity, input = "specificity", ret = "sensitivity",
                     transpose = FALSE)[1, 1])
  set.seed(seed + 4)
  t <- roc.test(r1, r2, method = "sensitivity", sensitivity = sensitivity,
                boot.n = boot_n, paired = TRUE, progress = "none")
  out$sensitivity <- list(
    statistic = unname(t$statistic), p_value = t$p.value, x = sensitivity,
    value_a = coords(r1, sensitivity, input = "sensitivity", ret = "specificity",
                     transpose = FALSE)[1, 1],
    value_b = coords(r2, sensitivity, input = "sensitivity", ret = "specificity",
                     transpose = FALSE)[1, 1])
  p1 <- roc(y, a, levels = c(control, case), direction = "<", quiet = TRUE,
            partial.auc = c(partial_to, partial_from), partial.auc.focus = "specificity")
  p2 <- roc(y, b, levels = c(control, case), direction = "<", quiet = TRUE,
            partial.auc = c(partial_to, partial_from), partial.auc.focus = "specificity")
  set.seed(seed + 5)
  t <- roc.test(p1, p2, method = "bootstrap", boot.n = boot_n, paired = TRUE,
                progress = "none")
  out$bootstrap_partial <- list(statistic = unname(t$statistic), p_value = t$p.value,
                                auc_a = as.numeric(p1$auc), auc_b = as.numeric(p2$auc),
                                partial = c(partial_from, partial_to))
  out
}

## Unpaired: two independent samples (of equal size: pROC 1.18's Venkatraman pooled case
## share divides by 2 * length(sample a)).
roctest_unpaired <- function(ya, a, yb, b, control, case, seed, boot_n) {
  r1 <- roc(ya, a, levels = c(control, case), direction = "<", quiet = TRUE)
  r2 <- roc(yb, b, levels = c(control, case), direction = "<", quiet = TRUE)
  out <- list()
  t <- roc.test(r1, r2, method = "delong", paired = FALSE)
  out$delong <- list(statistic = unname(t$statistic), df = unname(t$parameter),
                     p_value = t$p.value, auc_a = as.numeric(auc(r1)),
                     auc_b = as.numeric(auc(r2)))
  set.seed(seed + 1)
  t <- roc.test(r1, r2, method = "bootstrap", boot.n = boot_n, paired = FALSE,
                progress = "none")
  out$bootstrap <- list(statistic = unname(t$statistic), p_value = t$p.value)
  set.seed(seed + 2)
  t <- roc.test(r1, r2, method = "venkatraman", boot.n = boot_n, paired = FALSE,
                progress = "none")
  out$venkatraman <- list(statistic = unname(t$statistic), p_value = t$p.value)
  out
}

## Venkatraman's statistic alone (no permutations): pROC's internal functions on the
## ranks roc.test uses (ties.method = "first").
roctest_venkatraman_stat <- function(y, a, b, control, case) {
  d <- factor(y, levels = c(control, case))
  pROC:::venkatraman.paired.stat(rank(a, ties.method = "first"),
                                 rank(b, ties.method = "first"), d, levels(d))
}
