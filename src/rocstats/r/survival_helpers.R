## R side of rocstats' survival bridges (rocstats.r.survival): riskRegression's Score for
## the time-dependent AUC and survival's concordance.  Sourced by the live rpy2 bridge AND
## by validation/r/survival_cases.R, so stored and live numbers come from the same code.
## Each function takes plain vectors and returns a plain list of numbers.

## riskRegression::Score(list(...), Hist(time, status) ~ 1 (or ~ covariates),
##   metrics = "auc", se.fit = TRUE, contrasts = TRUE, null.model = FALSE, ...)
## markers: a named list of numeric vectors (higher = higher risk).  covariates: NULL or a
## data.frame of censoring-model covariates (then cens.model = "cox").
## Returns list(times, auc[model, times], se, contrasts: model, reference, times, delta,
## se, p), models in the order given.
rocstats_score_auc <- function(time, status, markers, times, cause = 1,
                               covariates = NULL, conservative = FALSE) {
  ## Score rewrites the formula and evaluates Hist / Surv by name: attach the packages
  suppressPackageStartupMessages({
    library(survival)
    library(prodlim)
    library(riskRegression)
  })
  d <- data.frame(time = as.numeric(time), status = as.numeric(status))
  if (is.null(covariates)) {
    form <- Hist(time, status) ~ 1
    cens_model <- "km"
  } else {
    covariates <- as.data.frame(covariates)
    names(covariates) <- paste0("z", seq_len(ncol(covariates)))
    d <- cbind(d, covariates)
    form <- stats::as.formula(paste("Hist(time, status) ~",
                                    paste(names(covariates), collapse = " + ")))
    cens_model <- "cox"
  }
  environment(form) <- environment()
  args <- list(object = lapply(markers, as.numeric), formula = form, data = d,
               times = as.numeric(times), metrics = "auc", se.fit = TRUE,
               contrasts = length(markers) > 1, null.model = FALSE,
               conservative = conservative, cens.model = cens_model)
  if (length(unique(status[status != 0])) > 1) args$cause <- cause
  s <- suppressMessages(do.call(riskRegression::Score, args))
  sc <- as.data.frame(s$AUC$score)
  out <- list(model = as.character(sc$model), times = as.numeric(sc$times),
              auc = as.numeric(sc$AUC), se = as.numeric(sc$se))
  if (length(markers) > 1) {
    ct <- as.data.frame(s$AUC$contrasts)
    out$contrasts <- list(model = as.character(ct$model),
                          reference = as.character(ct$reference),
                          times = as.numeric(ct$times), delta = as.numeric(ct$delta.AUC),
                          se = as.numeric(ct$se), p = as.numeric(ct$p))
  }
  out
}

## survival::concordance(Surv(time, status) ~ x, reverse = TRUE, timewt, ymax):
## Harrell's C (timewt = "n") or Uno's (timewt = "n/G2", truncated at ymax = tau) of a
## risk score (higher = earlier event).  Returns concordance, its standard error
## sqrt(var) and the pair counts.
rocstats_concordance <- function(time, status, x, timewt = "n", ymax = NULL) {
  d <- data.frame(time = as.numeric(time), status = as.numeric(status), x = as.numeric(x))
  args <- list(object = survival::Surv(time, status) ~ x, data = d, reverse = TRUE,
               timewt = timewt)
  if (!is.null(ymax)) args$ymax <- ymax
  f <- do.call(survival::concordance, args)
  list(concordance = as.numeric(f$concordance), se = sqrt(as.numeric(f$var)),
       count = as.numeric(f$count), count_names = names(f$count))
}
