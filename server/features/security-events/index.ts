export { recordSecurityEvent, subjectHash } from './record-security-event';
