package figure

// Reporter is a policy that measures figure metrics of its own, beyond the run's summary: A-SRPT's
// predictor reports the accuracy of the predictions it scheduled with (pred_mape, pred_r2,
// pred_log_rmse), so a figure can plot a predictor's accuracy beside the JCT it causes from the
// same run. Running a cell asks the policy that ran for every metric the summary does not have;
// ok is false for a name it does not know.
type Reporter interface {
	FigureMetric(name string) (value float64, ok bool)
}
