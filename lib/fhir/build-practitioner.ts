// Practitioner: the SPEC 2.3 shape and the strict R4 resource. The NPI is kept as read, valid or not
// (the intake's warnings say when its check digit fails); it is never "fixed".
import type { Identifier, Practitioner } from "@medplum/fhirtypes";
import type { IntakePractitioner } from "@/lib/intake/types";
import type { SpecCoding, SpecPractitioner } from "@/lib/fhir/intake-fhir-types";
import { NPI_SYSTEM, NUCC_TAXONOMY_SYSTEM, V2_0203_SYSTEM } from "@/lib/fhir/fhir-systems";
import { addressParts, nonBlank, nonBlankList, pruneEmpty } from "@/lib/fhir/fhir-values";

const NPI_TYPE = {
  coding: [{ system: V2_0203_SYSTEM, code: "NPI", display: "National provider identifier" }],
};

function npiIdentifier(npi: string) {
  return { use: "official" as const, type: NPI_TYPE, system: NPI_SYSTEM, value: npi };
}

/**
 * SPEC 2.3 Practitioner. Unknown values are left out, except what the spec keeps: the work address is always present
 * (its country an empty string when unknown) and given names are kept as read. The specialty carries its NUCC code.
 */
export function buildPractitioner(practitioner: IntakePractitioner, id: string): SpecPractitioner {
  const npi = nonBlank(practitioner.npi);
  const known = addressParts(practitioner.address) ?? {};
  const family = nonBlank(practitioner.family);
  const prefix = nonBlankList(practitioner.prefix);
  const telecom = contactPoints(practitioner);
  const qualification = qualificationOf(practitioner);
  const hasName = practitioner.given.length > 0 || family || prefix.length > 0;
  return {
    resourceType: "Practitioner",
    id,
    active: true,
    ...(npi ? { identifier: [npiIdentifier(npi)] } : {}),
    ...(hasName
      ? {
          name: [
            {
              use: "official" as const,
              ...(practitioner.given.length ? { given: practitioner.given } : {}),
              ...(family ? { family } : {}),
              ...(prefix.length ? { prefix } : {}),
            },
          ],
        }
      : {}),
    ...(telecom.length ? { telecom } : {}),
    address: [
      {
        use: "work",
        type: "both",
        country: known.country ?? "",
        ...(known.line ? { line: known.line } : {}),
        ...(known.city ? { city: known.city } : {}),
        ...(known.state ? { state: known.state } : {}),
        ...(known.postalCode ? { postalCode: known.postalCode } : {}),
      },
    ],
    ...(qualification ? { qualification: [qualification] } : {}),
  };
}

/** The specialty as written, with its NUCC Health Care Provider Taxonomy coding when the intake found one. */
function qualificationOf(practitioner: IntakePractitioner): { code: { coding?: SpecCoding[]; text: string } } | undefined {
  const specialty = nonBlank(practitioner.specialty);
  if (!specialty) return undefined;
  const taxonomy = nonBlank(practitioner.taxonomyCode);
  return {
    code: {
      ...(taxonomy ? { coding: [{ system: NUCC_TAXONOMY_SYSTEM, code: taxonomy, display: specialty }] } : {}),
      text: specialty,
    },
  };
}

/** Strict R4 Practitioner: the same facts without empty strings or empty lists. */
export function buildPractitionerResource(practitioner: IntakePractitioner, id: string): Practitioner {
  const npi = nonBlank(practitioner.npi);
  const given = nonBlankList(practitioner.given);
  const family = nonBlank(practitioner.family);
  const prefix = nonBlankList(practitioner.prefix);
  const address = addressParts(practitioner.address);
  const specialty = nonBlank(practitioner.specialty);
  const identifier: Identifier[] | undefined = npi ? [npiIdentifier(npi)] : undefined;
  return pruneEmpty<Practitioner>({
    resourceType: "Practitioner",
    id,
    identifier,
    active: true,
    name: given.length > 0 || family || prefix.length > 0 ? [{ use: "official", family, given, prefix }] : undefined,
    telecom: contactPoints(practitioner),
    address: address ? [{ use: "work", type: "both", ...address }] : undefined,
    qualification: specialty ? [qualificationOf(practitioner) as NonNullable<ReturnType<typeof qualificationOf>>] : undefined,
  });
}

function contactPoints(practitioner: IntakePractitioner): NonNullable<SpecPractitioner["telecom"]> {
  const phone = nonBlank(practitioner.phone);
  const fax = nonBlank(practitioner.fax);
  return [
    ...(phone ? [{ system: "phone" as const, value: phone, use: "work" as const }] : []),
    ...(fax ? [{ system: "fax" as const, value: fax, use: "work" as const }] : []),
  ];
}
