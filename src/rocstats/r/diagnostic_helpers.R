## The epiR and cutpointr calls behind rocstats.r.diagnostic (live, through rpy2) and
## validation/r/diagnostic_cases.R (the stored results): one copy of the R code for both.

## epiR::epi.tests on the 2 x 2 table c(tp, fp, fn, tn) (epiR's layout: rows test +/-,
## columns outcome +/-).  Returns the detail table as vectors.
rocstats_epi_tests <- function(counts, method, conf_level) {
  tab <- as.table(matrix(as.numeric(counts), nrow = 2, byrow = TRUE))
  r <- epiR::epi.tests(tab, method = method, conf.level = conf_level)
  d <- r$detail
  list(statistic = as.character(d$statistic), est = as.numeric(d$est),
       lower = as.numeric(d$lower), upper = as.numeric(d$upper),
       epiR = as.character(utils::packageVersion("epiR")))
}

## The 2 x 2 table of a marker at a threshold, counted in R: test positive when
## score >= threshold (direction "<") or score <= threshold (direction ">").
rocstats_table_at <- function(case, score, threshold, direction) {
  pos <- if (direction == "<") score >= threshold else score <= threshold
  c(tp = sum(pos & case), fp = sum(pos & !case), fn = sum(!pos & case),
    tn = sum(!pos & !case))
}

## cutpointr::cutpointr on one marker.  metric: the name of a cutpointr metric function;
## break_ties: "median" (cutpointr's default) or "all" (base::c: every tied cut-off).
## With boot_runs > 0 the bootstrap table's numeric columns come back whole.
rocstats_cutpointr <- function(y, score, pos_class, direction, metric, use_midpoints,
                               break_ties, min_constrain, boot_runs, boot_stratify, seed) {
  d <- data.frame(x = score, class = y, stringsAsFactors = FALSE)
  metric_fun <- get(metric, envir = asNamespace("cutpointr"))
  method <- if (metric %in% c("roc01")) cutpointr::minimize_metric else cutpointr::maximize_metric
  ties <- if (break_ties == "median") stats::median else base::c
  set.seed(seed)
  cp <- suppressWarnings(suppressMessages(cutpointr::cutpointr(
    d, x, class, pos_class = pos_class, direction = direction, method = method,
    metric = metric_fun, use_midpoints = use_midpoints, break_ties = ties,
    boot_runs = boot_runs, boot_stratify = boot_stratify, silent = TRUE,
    min_constrain = min_constrain)))
  out <- list(optimal_cutpoint = as.numeric(unlist(cp$optimal_cutpoint)),
              value = as.numeric(unlist(cp[[metric]])),
              sensitivity = as.numeric(unlist(cp$sensitivity)),
              specificity = as.numeric(unlist(cp$specificity)),
              acc = as.numeric(unlist(cp$acc)), AUC = as.numeric(cp$AUC),
              cutpointr = as.character(utils::packageVersion("cutpointr")))
  if (boot_runs > 0) {
    b <- cp$boot[[1]]
    keep <- vapply(b, function(col) is.numeric(col) || (is.list(col) &&
                   all(vapply(col, is.numeric, TRUE)) && all(lengths(col) == 1)), TRUE)
    cols <- lapply(b[keep], function(col) as.numeric(unlist(col)))
    out$boot <- cols
    out$boot_kept <- nrow(b)
  }
  out
}
