"""Where each example data set comes from and under which licence (rocstats.datasets)."""
from collections import namedtuple

#: ``description``, ``source`` (citation), ``licence``, ``shipped`` (in the wheel, or read
#: from R), ``loader`` (the function's name in rocstats.datasets)
DatasetInfo = namedtuple("DatasetInfo", ["description", "source", "licence", "shipped", "loader"])

DATASETS = {
    "asah_like": DatasetInfo(
        "113 simulated patients shaped like pROC's aSAH (outcome Good / Poor, gos6, gender, "
        "age, wfns, s100b, ndka); not real patients",
        "simulated by rocstats (model in load_asah_like's docstring); shaped after Turck et "
        "al. (2010), Intensive Care Medicine 36(1):107-115",
        "BSD-3-Clause (rocstats' own)", True, "load_asah_like"),
    "pbc_like": DatasetInfo(
        "418 simulated patients shaped like survival's pbc (time in days, status 0 = "
        "censored, 1 = transplant, 2 = death; bili, albumin, age); not real patients",
        "simulated by rocstats (model in load_pbc_like's docstring); shaped after Fleming & "
        "Harrington (1991), Counting Processes and Survival Analysis, Wiley",
        "BSD-3-Clause (rocstats' own)", True, "load_pbc_like"),
    "spambase": DatasetInfo(
        "4601 e-mails, 57 word / character frequencies and capital-run lengths, type "
        "nonspam / spam (ESL's spam example, section 9.2)",
        "Hopkins, Reeber, Forman & Suermondt (1999), Spambase, UCI Machine Learning "
        "Repository; column names as in R's kernlab::spam",
        "CC BY 4.0 (as stated by the UCI Machine Learning Repository); attribution above",
        True, "load_spambase"),
    "asah": DatasetInfo(
        "pROC's aSAH: 113 patients with aneurysmal subarachnoid haemorrhage",
        "Turck et al. (2010), Intensive Care Medicine 36(1):107-115, "
        "doi:10.1007/s00134-009-1641-y; R package pROC",
        "GPL (>= 3) with pROC: not shipped, read from R", False, "load_asah"),
    "kyphosis": DatasetInfo(
        "rpart's kyphosis: 81 children after corrective spinal surgery",
        "Chambers & Hastie (eds., 1992), Statistical Models in S, Wadsworth & Brooks/Cole; "
        "R package rpart",
        "GPL-2 | GPL-3 with rpart: not shipped, read from R", False, "load_kyphosis"),
    "pima": DatasetInfo(
        "MASS's Pima.tr (200) / Pima.te (332): diabetes in Pima Indian women",
        "Smith, Everhart, Dickson, Knowler & Johannes (1988), Proc. Symposium on Computer "
        "Applications in Medical Care, 261-265; Ripley (1996), Pattern Recognition and "
        "Neural Networks; R package MASS",
        "GPL-2 | GPL-3 with MASS: not shipped, read from R", False, "load_pima"),
    "pbc": DatasetInfo(
        "survival's pbc: 418 patients of the Mayo Clinic primary biliary cirrhosis trial",
        "Therneau & Grambsch (2000), Modeling Survival Data, Springer; Fleming & Harrington "
        "(1991); R package survival",
        "LGPL (>= 2) with survival: not shipped, read from R", False, "load_pbc"),
    "rocr_xval": DatasetInfo(
        "ROCR's ROCR.xval: predictions and labels of 10 cross-validation folds",
        "R package ROCR (Sing, Sander, Beerenwinkel & Lengauer 2005, Bioinformatics "
        "21(20):3940-3941)",
        "GPL (>= 2) with ROCR: not shipped, read from R", False, "load_rocr_xval"),
}
