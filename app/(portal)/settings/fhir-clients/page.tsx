import { FhirClientsPanel } from "@/components/settings/fhir-clients-panel";

export default function FhirClientsPage() {
  return <FhirClientsPanel />;
}
