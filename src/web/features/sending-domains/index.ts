export { SendingDomainSection } from './sending-domain-section';
