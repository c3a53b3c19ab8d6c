// The three services (custom device, custom module, custom driving) are content pages of querySitePageData.
export const serviceNames = ["customDevice", "customModule", "customDriving"] as const;
export type ServiceName = (typeof serviceNames)[number];

/** templateCode of a service page: service-customDevice, service-customModule, service-customDriving. */
export function serviceTemplateCode(name: ServiceName): string {
  return `service-${name}`;
}
