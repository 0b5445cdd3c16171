export { linkIn, type ReceivedMail, type SmtpInbox, startSmtpInbox } from './smtp-inbox.js';
