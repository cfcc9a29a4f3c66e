import { describe, expect, it } from 'vitest';
import { rDescription } from './description.ts';
import { memoryFile } from '../../test-helpers.ts';

// Debian 12's r-cran-jsonlite 1.8.4+dfsg-1, usr/lib/R/site-library/jsonlite/DESCRIPTION (Authors@R and Description shortened).
const JSONLITE = `Package: jsonlite
Version: 1.8.4
Title: A Simple and Robust JSON Parser and Generator for R
License: MIT + file LICENSE
Depends: methods
Authors@R: c(
    person("Jeroen", "Ooms", role = c("aut", "cre"), email = "jeroen@berkeley.edu"))
Description: A reasonably fast JSON parser and generator.
Suggests: httr, vctrs, testthat, knitr, rmarkdown, R.rsp, sf
Encoding: UTF-8
NeedsCompilation: yes
Packaged: 2022-12-05 23:21:23 UTC; jeroen
Repository: CRAN
Date/Publication: 2022-12-06 08:10:02 UTC
Built: R 4.2.2; x86_64-pc-linux-gnu; 'Fri, 09 Dec 2022 11:32:41 +0100'; unix
`;
const PATH = 'usr/lib/R/site-library/jsonlite/DESCRIPTION';

describe('r/description', () => {
  it('matches DESCRIPTION files in R libraries only', () => {
    const paths = [PATH, 'usr/lib/R/library/base/DESCRIPTION', 'renv/library/R-4.3/x86_64-pc-linux-gnu/cli/DESCRIPTION', 'home/u/R/x86_64-pc-linux-gnu-library/4.3/cli/DESCRIPTION', 'src/jsonlite/DESCRIPTION', '.git/description'];
    expect(paths.map((p) => rDescription.matches([p], p, undefined))).toEqual([true, true, true, true, false, false]);
  });

  it('an installed package: cran purl, licence as declared, Built in the evidence', async () => {
    const { components, problems } = await rDescription.catalog(memoryFile([PATH], JSONLITE));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl, c.licenses, c.evidence[0]?.text])).toEqual([
      ['jsonlite', '1.8.4', 'NA', 'pkg:cran/jsonlite@1.8.4', ['MIT + file LICENSE'], "Package: jsonlite\nVersion: 1.8.4\nBuilt: R 4.2.2; x86_64-pc-linux-gnu; 'Fri, 09 Dec 2022 11:32:41 +0100'; unix"],
    ]);
  });

  it('a source DESCRIPTION (no Built:) gives nothing; an installed one without Version is a problem', async () => {
    expect(await rDescription.catalog(memoryFile([PATH], JSONLITE.replace(/^Built:.*\n/m, '')))).toEqual({ components: [], problems: [] });
    expect((await rDescription.catalog(memoryFile([PATH], JSONLITE.replace(/^Version:.*\n/m, '')))).problems.map((p) => p.message)).toEqual(['installed DESCRIPTION without Version']);
  });
});
