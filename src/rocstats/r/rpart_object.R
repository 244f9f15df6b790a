## rocstats <-> rpart objects: build a real "rpart" object from its pieces, and take the
## pieces out of any "rpart" object.
##
## Sourced by BOTH
##   * rocstats.r.rpart (to_rpart / from_rpart, live through rpy2), after rpart_helpers.R
##   * validation/r/rpart_interop_cases.R (the stored references of tests/parity)
## The pieces are the named list described in src/rocstats/tree/_rpart.py (frame by
## columns, splits by rows with node / type / csplit, cptable, where as node numbers,
## variables with their R classes and levels, response, parms, control, call text).
## Only base R, stats and rpart are used; rpart_helpers.R must be sourced first (for
## rocstats_rpart_extract and the JSON writer).

.rocstats_num <- function(x) {
  if (is.null(x)) return(NULL)
  if (is.list(x)) x <- unlist(lapply(x, function(v) if (is.null(v)) NA_real_ else v))
  as.numeric(x)
}

## The model terms: from a zero-row data frame with the predictors' classes and levels.
.rocstats_terms <- function(variables, response, ylevels) {
  cols <- list()
  cols[[response$name]] <- if (identical(response$cls, "factor"))
    factor(character(0), levels = ylevels) else numeric(0)
  for (v in variables) {
    cols[[v$name]] <- switch(v$cls,
      numeric = numeric(0), integer = integer(0), logical = logical(0),
      factor = factor(character(0), levels = unlist(v$levels)),
      ordered = factor(character(0), levels = unlist(v$levels), ordered = TRUE),
      stop("unsupported predictor class ", v$cls))
  }
  d <- as.data.frame(cols, check.names = FALSE, stringsAsFactors = FALSE)
  bq <- function(n) paste0("`", gsub("`", "\\\\`", n), "`")
  fml <- stats::as.formula(paste(bq(response$name), "~",
                                 paste(vapply(variables, function(v) bq(v$name), ""),
                                       collapse = " + ")), env = globalenv())
  mf <- stats::model.frame(fml, d)
  tt <- attr(mf, "terms")
  environment(tt) <- globalenv()
  list(terms = tt, xlevels = stats::.getXlevels(tt, mf))
}

## Build an "rpart" object from its pieces (a named list, see above).  data: NULL, or
## the training data (a data frame with the response and the predictors), kept as the
## model frame (rpart's model = TRUE), which partykit::as.party and model.frame() read.
rocstats_rpart_build <- function(comp, data = NULL) {
  fr <- comp$frame
  nodes <- as.integer(fr$node)
  is_class <- identical(comp$method, "class")
  ylevels <- if (is_class) as.character(unlist(comp$classes)) else NULL
  tm <- .rocstats_terms(comp$variables, comp$response, ylevels)
  frame <- data.frame(var = as.character(unlist(fr$var)), n = as.integer(fr$n),
                      wt = .rocstats_num(fr$wt), dev = .rocstats_num(fr$dev),
                      yval = .rocstats_num(fr$yval),
                      complexity = .rocstats_num(fr$complexity),
                      ncompete = as.integer(fr$ncompete),
                      nsurrogate = as.integer(fr$nsurrogate),
                      row.names = nodes, stringsAsFactors = FALSE)
  numclass <- 0L
  if (is_class) {
    counts <- do.call(cbind, lapply(fr$counts, .rocstats_num))
    probs <- do.call(cbind, lapply(fr$probs, .rocstats_num))
    numclass <- ncol(counts)
    yval2 <- cbind(frame$yval, counts, probs, .rocstats_num(fr$nodeprob))
    dimnames(yval2) <- list(NULL, c(rep("", 2L * numclass + 1L), "nodeprob"))
    frame$yval2 <- yval2
  }
  sp <- comp$splits
  nsp <- length(sp$node)
  ans <- list(frame = frame)
  pos <- stats::setNames(seq_along(nodes), nodes)
  ans$where <- stats::setNames(as.integer(pos[as.character(unlist(comp$where))]),
                               seq_along(comp$where))
  ans$call <- str2lang(comp$call)
  ans$terms <- tm$terms
  cp <- comp$cptable
  xerr <- .rocstats_num(cp$xerror)
  cols <- list(CP = .rocstats_num(cp$CP), nsplit = .rocstats_num(cp$nsplit),
               "rel error" = .rocstats_num(cp$rel_error))
  if (length(xerr) && !all(is.na(xerr))) {
    cols$xerror <- xerr
    cols$xstd <- .rocstats_num(cp$xstd)
  }
  cptable <- do.call(cbind, cols)
  dimnames(cptable) <- list(as.character(seq_len(nrow(cptable))), names(cols))
  ans$cptable <- cptable
  ans$method <- comp$method
  if (is_class) {
    pr <- comp$parms
    prior <- .rocstats_num(pr$prior)
    loss <- do.call(rbind, lapply(pr$loss, .rocstats_num))
    split <- pr$split
    if (is.list(split)) split <- unlist(split)
    ans$parms <- list(prior = prior, loss = matrix(loss, numclass), split = split)
    init <- rpart:::rpart.class(factor(ylevels[seq_len(numclass)], levels = ylevels),
                                NULL, NULL, rep(1, numclass))
    ans$functions <- list(summary = init$summary, print = init$print, text = init$text)
    ans$numresp <- numclass + 2L
  } else {
    init <- rpart:::rpart.anova(0, NULL, NULL, 1)
    ans$parms <- NULL
    ans$functions <- list(summary = init$summary, text = init$text)
    ans$numresp <- 1L
  }
  ctl <- comp$control
  ans$control <- list(minsplit = as.integer(ctl$minsplit), minbucket = as.numeric(ctl$minbucket),
                      cp = as.numeric(ctl$cp), maxcompete = as.integer(ctl$maxcompete),
                      maxsurrogate = as.integer(ctl$maxsurrogate),
                      usesurrogate = as.integer(ctl$usesurrogate),
                      surrogatestyle = as.integer(ctl$surrogatestyle),
                      maxdepth = as.integer(ctl$maxdepth), xval = as.integer(ctl$xval))
  if (nsp > 0L) {
    ncat <- as.integer(unlist(sp$ncat))
    index <- .rocstats_num(sp$index)
    cat_rows <- which(ncat > 1L)
    if (length(cat_rows)) {
      width <- max(ncat[cat_rows])
      csplit <- matrix(2L, length(cat_rows), width)
      for (k in seq_along(cat_rows)) {
        codes <- as.integer(unlist(sp$csplit[[cat_rows[k]]]))
        csplit[k, seq_along(codes)] <- codes
        index[cat_rows[k]] <- k
      }
      ans$csplit <- csplit
    }
    splits <- cbind(count = .rocstats_num(sp$count), ncat = as.numeric(ncat),
                    improve = .rocstats_num(sp$improve), index = index,
                    adj = .rocstats_num(sp$adj))
    rownames(splits) <- as.character(unlist(sp$var))
    ans$splits <- splits
    vi <- comp$variable_importance
    if (length(vi$names))
      ans$variable.importance <- stats::setNames(.rocstats_num(vi$values),
                                                 as.character(unlist(vi$names)))
  }
  vars <- vapply(comp$variables, function(v) v$name, "")
  ans$ordered <- stats::setNames(vapply(comp$variables, function(v)
    identical(v$cls, "ordered"), TRUE), vars)
  if (!is.null(data)) {
    data <- as.data.frame(data, check.names = FALSE, stringsAsFactors = FALSE)
    for (j in seq_along(data)) if (is.double(data[[j]])) data[[j]][is.nan(data[[j]])] <- NA
    ans$model <- stats::model.frame(ans$terms, data, na.action = stats::na.pass)
    if (nrow(ans$model) != length(ans$where))
      stop("data has ", nrow(ans$model), " rows, the fit ", length(ans$where))
  }
  if (length(comp$na_action))
    ans$na.action <- structure(as.integer(unlist(comp$na_action)), class = "omit")
  if (length(tm$xlevels)) attr(ans, "xlevels") <- tm$xlevels
  if (is_class) attr(ans, "ylevels") <- ylevels
  if (!is.null(comp$rocstats_json)) attr(ans, "rocstats") <- as.character(comp$rocstats_json)
  class(ans) <- "rpart"
  ans
}

## The call as one line of text.  A call made by do.call(rpart::rpart, args) holds the
## function itself and the data values: those are written as rpart::rpart and as the
## argument's name.
.rocstats_call_text <- function(cl) {
  if (is.null(cl)) return("")
  if (is.call(cl)) {
    if (is.function(cl[[1L]])) cl[[1L]] <- quote(rpart::rpart)
    if (length(cl) > 1L) for (k in 2L:length(cl)) {
      v <- cl[[k]]
      nm <- names(cl)[k]
      if (!is.null(v) && !is.name(v) && !is.call(v) &&
          (is.data.frame(v) || length(v) > 20L || is.function(v)))
        cl[[k]] <- as.name(if (is.null(nm) || nm == "") "value" else nm)
    }
  }
  paste(deparse(cl, width.cutoff = 500L), collapse = " ")
}

## The pieces of any rpart object (what from_rpart reads) as a list ready for
## rocstats_to_json.
rocstats_rpart_component_list <- function(fit) {
  if (!inherits(fit, "rpart")) stop("not an rpart object")
  res <- rocstats_rpart_extract(fit)
  tt <- fit$terms
  dc <- attr(tt, "dataClasses")
  labs <- attr(tt, "term.labels")
  labs <- sub("^`(.*)`$", "\\1", labs)
  xlev <- attr(fit, "xlevels")
  variables <- lapply(labs, function(v) {
    cls <- if (!is.null(dc) && v %in% names(dc)) dc[[v]] else "numeric"
    if (isTRUE(fit$ordered[[v]])) cls <- "ordered"
    list(name = rocstats_scalar(v), cls = rocstats_scalar(cls),
         levels = if (!is.null(xlev[[v]])) xlev[[v]] else NULL)
  })
  resp <- if (attr(tt, "response") > 0) deparse(attr(tt, "variables")[[2L]]) else "y"
  res$variables <- variables
  res$response <- list(name = rocstats_scalar(sub("^`(.*)`$", "\\1", resp)),
                       cls = rocstats_scalar(if (identical(fit$method, "class")) "factor"
                                             else "numeric"))
  if (identical(fit$method, "class")) {
    pr <- fit$parms
    res$parms <- list(prior = as.numeric(pr$prior),
                      loss = lapply(seq_len(nrow(pr$loss)), function(i) as.numeric(pr$loss[i, ])),
                      split = rocstats_scalar(pr$split))
  }
  res$control <- lapply(fit$control, function(v) if (length(v) == 1) rocstats_scalar(v) else v)
  res$call <- rocstats_scalar(.rocstats_call_text(fit$call))
  ## rows rpart dropped (missing response or every predictor missing): print.rpart
  ## names them in its first line
  res$na_action <- if (is.null(fit$na.action)) NULL else as.integer(fit$na.action)
  meta <- attr(fit, "rocstats")
  res$rocstats_json <- if (is.null(meta)) NULL else rocstats_scalar(meta)
  .rocstats_mark_scalars(res)
}

## The same as JSON text (what from_rpart parses).
rocstats_rpart_components <- function(fit) rocstats_to_json(rocstats_rpart_component_list(fit))

## print(fit) as text lines.
rocstats_rpart_print <- function(fit, digits = getOption("digits")) {
  utils::capture.output(print(fit, digits = digits))
}
