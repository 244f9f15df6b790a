## R side of rocstats' margin / equivalence checks (rocstats.r.margin): pROC 1.18's DeLong
## variances and covariance, and R's pnorm / pt / qnorm / qt applied to them -- the tests
## against a margin and the two one-sided tests that pROC itself does not offer.  Sourced
## by the live rpy2 bridge AND by validation/r/margin_cases.R.
##
## rocstats_margin_tests(y, a, b, design, margin, low, high, null)
##   design = "paired": a, b two scores of the same cases; theta = AUC_a - AUC_b, se from
##            var(r_a) + var(r_b) - 2 cov(r_a, r_b) (DeLong), normal reference;
##   design = "unpaired": b, yb given separately (yb), theta = AUC_a - AUC_b, se from
##            var(r_a) + var(r_b), t reference with roc.test(paired = FALSE)'s df;
##   design = "single": theta = AUC_a, se = sqrt(var(r_a)), normal; the boundaries are
##            null - margin / null + margin.
## Returns theta, se, df (NA for normal), the p-values of H0: theta <= lo_b
## ("greater") and H0: theta >= hi_b ("less"), the TOST p-value for (low, high), and the
## one-sided 95 % bounds.
rocstats_margin_tests <- function(y, a, b = NULL, yb = NULL, design = "paired",
                                  margin = 0.05, low = -0.1, high = 0.1, null = 0.5) {
  suppressPackageStartupMessages(library(pROC))
  ra <- roc(y, a, levels = c(0, 1), direction = "<", quiet = TRUE)
  df <- NA_real_
  if (design == "paired") {
    rb <- roc(y, b, levels = c(0, 1), direction = "<", quiet = TRUE)
    theta <- as.numeric(auc(ra)) - as.numeric(auc(rb))
    se <- sqrt(var(ra, method = "delong") + var(rb, method = "delong") -
               2 * cov(ra, rb, method = "delong"))
    center <- 0
  } else if (design == "unpaired") {
    rb <- roc(yb, b, levels = c(0, 1), direction = "<", quiet = TRUE)
    theta <- as.numeric(auc(ra)) - as.numeric(auc(rb))
    se <- sqrt(var(ra, method = "delong") + var(rb, method = "delong"))
    df <- unname(roc.test(ra, rb, method = "delong", paired = FALSE)$parameter)
    center <- 0
  } else {
    theta <- as.numeric(auc(ra))
    se <- sqrt(var(ra, method = "delong"))
    center <- null
  }
  sf <- if (is.na(df)) function(x) pnorm(x, lower.tail = FALSE) else
    function(x) pt(x, df, lower.tail = FALSE)
  cdf <- if (is.na(df)) pnorm else function(x) pt(x, df)
  q95 <- if (is.na(df)) qnorm(0.95) else qt(0.95, df)
  b_greater <- center - margin
  b_less <- center + margin
  list(theta = theta, se = se, df = df, b_greater = b_greater, b_less = b_less,
       p_greater = sf((theta - b_greater) / se), p_less = cdf((theta - b_less) / se),
       p_tost = max(sf((theta - low) / se), cdf((theta - high) / se)),
       lower95 = theta - q95 * se, upper95 = theta + q95 * se)
}
