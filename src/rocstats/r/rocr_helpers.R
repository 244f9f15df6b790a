## R side of rocstats' ROCR bridge (rocstats.r.rocr): ROCR 1.0-11's precision / recall
## points and "aucpr", and its vertical average of ROC curves across folds.  Sourced by
## the live rpy2 bridge AND by validation/r/rocr_cases.R, so stored and live numbers
## come from the same code.  Each function takes plain vectors and returns a plain list.

## ROCR::performance(prediction(scores, labels), "prec", "rec") and "aucpr" of one score;
## labels are 0 / 1 (1 = positive).  Returns cutoffs (Inf first), recall, precision (NaN
## where 0/0), tp, fp and aucpr.
rocstats_rocr_pr <- function(scores, labels) {
  pred <- ROCR::prediction(as.numeric(scores), as.integer(labels),
                           label.ordering = c(0L, 1L))
  pr <- ROCR::performance(pred, "prec", "rec")
  auc <- ROCR::performance(pred, "aucpr")
  list(cutoffs = as.numeric(pr@alpha.values[[1]]), recall = as.numeric(pr@x.values[[1]]),
       precision = as.numeric(pr@y.values[[1]]), tp = as.numeric(pred@tp[[1]]),
       fp = as.numeric(pred@fp[[1]]), aucpr = as.numeric(auc@y.values[[1]]))
}

## ROCR's vertical average of the folds' ROC curves (plot(performance(pred, "tpr",
## "fpr"), avg = "vertical", spread.estimate = "stderror")): the averaged curve and the
## error bars at show.spread.at, read from ROCR's own plotting functions (its internal
## .performance.plot.vertical.avg, with the final drawing call replaced by one that
## keeps the averaged performance object, and gplots::plotCI traced for the bar widths).
## scores, labels: lists with one vector per fold.
rocstats_rocr_vertical <- function(scores, labels) {
  pred <- ROCR::prediction(lapply(scores, as.numeric), lapply(labels, as.integer),
                           label.ordering = c(0L, 1L))
  perf <- ROCR::performance(pred, "tpr", "fpr")
  kept <- new.env()
  f <- ROCR:::.performance.plot.vertical.avg
  env <- new.env(parent = environment(f))
  env$.plot.performance <- function(perf, ...) { kept$perf <- perf; invisible(NULL) }
  environment(f) <- env
  suppressMessages(trace(what = "plotCI", where = asNamespace("gplots"), print = FALSE,
        tracer = bquote(assign("bars", list(x = x, y = y, uiw = uiw), envir = .(kept)))))
  on.exit(suppressMessages(untrace(what = "plotCI", where = asNamespace("gplots"))),
          add = TRUE)
  grDevices::pdf(NULL)
  on.exit(grDevices::dev.off(), add = TRUE)
  graphics::plot.new()
  f(perf, spread.estimate = "stderror", spread.scale = 1)
  list(x = as.numeric(kept$perf@x.values[[1]]), y = as.numeric(kept$perf@y.values[[1]]),
       spread_at = as.numeric(kept$bars$x), spread_mean = as.numeric(kept$bars$y),
       spread_stderror = as.numeric(kept$bars$uiw),
       fold_x = lapply(perf@x.values, as.numeric), fold_y = lapply(perf@y.values, as.numeric))
}
