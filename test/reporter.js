// Mocha's spec reporter, plus the plain closing line CI reads: "N passed, N failed".
'use strict';
const Mocha = require('mocha');

class SpecWithTotals extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      console.log(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}`);
    });
  }
}

module.exports = SpecWithTotals;
