#!/usr/bin/env node
// Validates every object of a rendered manifest (YAML documents on stdin) against the Kubernetes API
// schemas, as kubernetes-models carries them: one line per object, and exit status 1 when an object
// is invalid, of a kind it does not know, or not YAML at all.
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";

let invalid = 0;
let valid = 0;
for (const document of parseAllDocuments(readFileSync(0, "utf8"))) {
  if (document.errors.length > 0) {
    console.log(`invalid YAML: ${document.errors.map((e) => e.message).join("; ")}`);
    invalid++;
    continue;
  }
  const object = document.toJS();
  if (object === null) {
    continue;
  }
  const name = `${object.apiVersion} ${object.kind} ${object.metadata?.name}`;
  try {
    // Core objects are kubernetes-models/v1/Kind, the others kubernetes-models/group/version/Kind.
    const model = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`))[object.kind];
    new model(object).validate();
    console.log(`valid ${name}`);
    valid++;
  } catch (error) {
    console.log(`invalid ${name}: ${error.message}`);
    invalid++;
  }
}
console.log(`${valid} valid, ${invalid} invalid`);
process.exit(invalid > 0 || valid === 0 ? 1 : 0);
