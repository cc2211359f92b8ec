import bar from 'plotly.js/lib/bar';
import Plotly from 'plotly.js/lib/core';
import heatmap from 'plotly.js/lib/heatmap';
import pie from 'plotly.js/lib/pie';
import sankey from 'plotly.js/lib/sankey';
import scatter from 'plotly.js/lib/scatter';

// Core plus the five traces Vigil draws: about a third of the full library. A page that needs
// another trace adds its `plotly.js/lib/<trace>` module here, never the whole of plotly.js.
Plotly.register([bar, scatter, pie, heatmap, sankey]);

/** Plotly with only the traces Vigil uses; imported only by the lazily loaded plot module. */
export default Plotly;
