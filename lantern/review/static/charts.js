// Draw every chart on the page from the JSON the server embedded (no inline scripts).
document.querySelectorAll("script[type='application/json'][data-chart]").forEach(function (data) {
  var target = document.getElementById(data.dataset.chart);
  var figure = JSON.parse(data.textContent);
  Plotly.newPlot(target, figure.data, figure.layout, {responsive: true, displaylogo: false});
  target.setAttribute("data-rendered", "yes");
});
